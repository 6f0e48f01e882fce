import { measureBundle } from './bundle-size';
import { measureImpersonationSearch } from './impersonation-search';
import { measureStartup } from './startup';

await measureBundle();
await measureStartup();
await measureImpersonationSearch();
