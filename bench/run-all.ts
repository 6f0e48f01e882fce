import { measureBundle } from './bundle-size';
import { measureStartup } from './startup';

measureBundle();
await measureStartup();
