import { describe, expect, it } from 'vitest';
import { dataFolderProblem } from './start-failures';

/** Emscripten's error as PGlite throws it from its file system: a number, no message. */
class ErrnoError {
  name = 'ErrnoError';
  constructor(public errno: number) {}
}

describe('dataFolderProblem', () => {
  it("names a full disk under PGlite in words, not as 'ErrnoError { errno: 51 }'", () => {
    expect(dataFolderProblem(new ErrnoError(51))).toBe('ENOSPC: no space left on device');
    expect(dataFolderProblem(new ErrnoError(69))).toBe('EROFS: read-only file system');
    expect(dataFolderProblem(new ErrnoError(2))).toBe('EACCES: permission denied');
    expect(dataFolderProblem(new ErrnoError(4242))).toBe('file system error 4242');
  });

  it("keeps Node's own message for errors of the data folder", () => {
    const error = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/portal'"), {
      code: 'EACCES',
    });
    expect(dataFolderProblem(error)).toBe("EACCES: permission denied, mkdir '/srv/portal'");
  });

  it('leaves other errors to the caller', () => {
    expect(dataFolderProblem(new Error('boom'))).toBeUndefined();
    expect(dataFolderProblem(Object.assign(new Error('x'), { code: '23505' }))).toBeUndefined();
    expect(dataFolderProblem('text')).toBeUndefined();
  });
});
