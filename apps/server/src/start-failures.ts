/**
 * What an operator reads when the data folder fails at start. PGlite reaches the folder through
 * Emscripten's file system, which throws `ErrnoError { errno }` (WASI numbers, no message, no
 * stack) instead of Node's `ENOSPC: no space left on device`; printed as it is, a full disk
 * read `ErrnoError { name: 'ErrnoError', errno: 51 }`.
 */
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES: permission denied',
  19: 'EDQUOT: disk quota exceeded',
  29: 'EIO: input/output error',
  33: 'EMFILE: too many open files',
  41: 'ENFILE: too many open files in the system',
  44: 'ENOENT: no such file or directory',
  48: 'ENOMEM: out of memory',
  51: 'ENOSPC: no space left on device',
  54: 'ENOTDIR: not a directory',
  63: 'EPERM: operation not permitted',
  69: 'EROFS: read-only file system',
};

/** The reason a data folder cannot be used, or undefined when the error is not about the folder. */
export function dataFolderProblem(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, name, errno, message } = error as {
    code?: unknown;
    name?: unknown;
    errno?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return typeof message === 'string' && message ? message : code;
  }
  if (name === 'ErrnoError' && typeof errno === 'number') {
    return WASI_ERRNO[errno] ?? `file system error ${errno}`;
  }
  return undefined;
}

/** `postgres://user:secret@db:5432/portal` as `db:5432/portal`: never the password. */
export const databaseName = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return '(DATABASE_URL)';
  }
};

/** The innermost message: Drizzle wraps the driver's error (`Failed query: …`) around it. */
export const reasonOf = (error: unknown): string => {
  let current = error;
  while ((current as { cause?: unknown })?.cause instanceof Error) {
    current = (current as { cause: unknown }).cause;
  }
  return current instanceof Error ? current.message : String(current);
};
