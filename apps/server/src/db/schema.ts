// The one schema drizzle-kit and the typed client see. The core tables (institutions, users,
// roles, sign-in) live in `tables/core.ts`; each feature module keeps its tables in
// `tables/<module>.ts` and references core tables through `./core`, never through this file
// (that would be an import cycle). One re-export line per module.

export * from './tables/account';
export * from './tables/core';
export * from './tables/documents';
export * from './tables/impersonation';
export * from './tables/orders';
export * from './tables/tiles';
