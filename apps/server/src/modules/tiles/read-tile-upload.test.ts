import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../plugins/errors';
import { readTileUpload } from './service';

/** A multipart request whose reading fails with `error`. */
const failingWith = (error: Error) =>
  ({
    isMultipart: () => true,
    parts: () => ({
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.reject(error),
      }),
    }),
  }) as unknown as FastifyRequest;

describe('readTileUpload', () => {
  it("answers 400 for a form that cannot be read (the client's mistake)", async () => {
    const failure = readTileUpload(failingWith(new Error('Unexpected end of form')));
    await expect(failure).rejects.toBeInstanceOf(ProblemError);
    await expect(failure).rejects.toMatchObject({ statusCode: 400 });
  });

  it('lets a fault of its own through as one (not hidden as a 400)', async () => {
    const fault = new TypeError("Cannot read properties of undefined (reading 'fieldname')");
    await expect(readTileUpload(failingWith(fault))).rejects.toBe(fault);
  });
});
