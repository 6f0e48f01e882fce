/**
 * Every German text the app shows, named by meaning. Each part of the app keeps its section in
 * `./de/<section>.ts`. This file gathers the sections of the shell and of the features that
 * app/ composes with it; a feature's own section (dashboard, tile editor, impersonation, …) is
 * imported from `./de/<section>` directly, and a new one needs no line here.
 */

export { account, institutionAdmin } from './de/account';
export { analytics } from './de/analytics';
export { app } from './de/app';
export { documents } from './de/documents';
export { orders } from './de/orders';
export { shell } from './de/shell';
