import { measureApi } from './api';
import { startPortal } from './browser-portal';
import { measureBundle } from './bundle-size';
import { measureFirstLoad } from './first-load';
import { measureImpersonationSearch } from './impersonation-search';
import { measureLighthouse } from './lighthouse';
import { measureStartup } from './startup';

await measureBundle();
await measureStartup();
await measureApi();
await measureImpersonationSearch();
// The browser benchmarks share one running portal (fresh data folder, demo data).
const portal = await startPortal();
try {
  await measureFirstLoad(portal);
  await measureLighthouse(portal);
} finally {
  await portal.stop();
}
