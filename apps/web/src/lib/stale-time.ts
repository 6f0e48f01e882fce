/**
 * Data younger than this is not fetched again when another component mounts with it: the
 * startup prefetch (app/startup-prefetch.ts) and the first render of the page must not load
 * the same answers twice. Changes made in the app invalidate their queries explicitly.
 *
 * A module of its own, without imports: query options of the first view read it without pulling
 * the query client's module (and its place in the chunk graph) along.
 */
export const DEFAULT_STALE_TIME_MS = 10_000;
