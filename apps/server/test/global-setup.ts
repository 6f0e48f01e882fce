import { ensurePgliteTemplate } from '../src/db/pglite-template';

/** Makes the PGlite cluster template once, before the workers open their databases. */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
