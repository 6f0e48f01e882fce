import { measureApi } from './api';
import { measureBundle } from './bundle-size';
import { measureStartup } from './startup';

await measureBundle();
await measureStartup();
await measureApi();
