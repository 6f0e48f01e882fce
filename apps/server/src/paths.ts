import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `start` whose package.json names `name`, and its version. */
export function findPackage(start: string, name: string): { folder: string; version: string } {
  for (let folder = start; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const found = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        version: string;
      };
      if (found.name === name) return { folder, version: found.version };
    }
    if (path.dirname(folder) === folder) {
      throw new Error(`The ${name} package folder is not above ${start}`);
    }
  }
}

/**
 * The server package's folder (`apps/server`), found from this module's location, so that the
 * same code finds its files whether it runs from `src` (tsx, tests) or from the bundle in `dist`.
 */
export const serverRoot = findPackage(import.meta.dirname, '@portal/server').folder;
/** Drizzle-kit migrations, applied at start. */
export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');
/** Stylesheet, logo and script of the sign-in pages. */
export const identityResourcesFolder = path.join(serverRoot, 'src', 'identity', 'resources');
/** The web app's production build. */
export const defaultWebDistFolder = path.join(serverRoot, '..', 'web', 'dist');
