/**
 * Every German text the app shows, named by meaning. Each part of the app keeps its section in
 * `./de/<section>.ts`; this file gathers them.
 */

export { account, institutionAdmin } from './de/account';
export { app } from './de/app';
export { shell } from './de/shell';
