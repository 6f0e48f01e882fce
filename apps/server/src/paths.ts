import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (`apps/server`), found from this module's location, so that the
 * same code finds its files whether it runs from `src` (tsx, tests) or from the bundle in `dist`.
 */
function findServerRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@portal/server'
    ) {
      return folder;
    }
    if (path.dirname(folder) === folder) {
      throw new Error(`The @portal/server package folder is not above ${start}`);
    }
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
/** Drizzle-kit migrations, applied at start. */
export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');
/** Stylesheet, logo and script of the sign-in pages. */
export const identityResourcesFolder = path.join(serverRoot, 'src', 'identity', 'resources');
/** The web app's production build. */
export const defaultWebDistFolder = path.join(serverRoot, '..', 'web', 'dist');
