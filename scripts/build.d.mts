// Types of build.mjs (plain JavaScript, run by Node as it is) for the TypeScript that imports it.

/** One part of what `npm start` runs, built when its sources changed. */
export interface Build {
  name: string;
  /** The folder the build writes. */
  output: string;
  /** A file the build writes last: without it the build is not current. */
  entry: string;
  /** Files and folders whose paths and contents decide whether the build is current. */
  sources: string[];
  /** Builds; the exit status (0 when it worked). */
  run(): number | null | Promise<number | null>;
}

export const webBuild: Build;
export const serverBuild: Build;

/** Writes `<file>.br` and `<file>.gz` beside every text file of `folder` that gets smaller. */
export function precompress(folder: string): void;

/** Hash of the paths and contents of every file a build reads. */
export function sourceHash(build: Build): string;

export function isBuildCurrent(build: Build): boolean;

/** Builds the web app when stale; true when it built. */
export function buildWebIfStale(options?: { force?: boolean }): Promise<boolean>;

/** Builds what `npm start` runs when stale: web app, server bundle, database template. */
export function buildIfStale(options?: { force?: boolean }): Promise<void>;
