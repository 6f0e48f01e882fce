import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  type BlobStore,
  bufferStream,
  FolderBlobStore,
  readBlob,
  S3BlobStore,
} from './blob-store';

/** One contract, run against every implementation. */
function blobStoreContract(
  name: string,
  open: () => Promise<{ store: BlobStore; close(): Promise<void> }>,
) {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    }, 30_000);
    afterAll(() => close());

    it('stores streamed bytes and gives the same bytes back, with their size', async () => {
      const bytes = Buffer.from('Grüße aus der Praxis\n'.repeat(1000));
      const { size } = await store.put('a/one.bin', bufferStream(bytes), 'text/plain');
      expect(size).toBe(bytes.length);
      expect(await store.exists('a/one.bin')).toBe(true);
      expect((await readBlob(store, 'a/one.bin')).equals(bytes)).toBe(true);
    });

    it('streams a multi-chunk body of several MB', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const body = Readable.from(
        (function* () {
          for (let i = 0; i < 6; i += 1) yield chunk;
        })(),
      );
      const { size } = await store.put('a/big.bin', body);
      expect(size).toBe(6 * chunk.length);
      expect((await readBlob(store, 'a/big.bin')).length).toBe(6 * chunk.length);
    });

    it('moves (publishes) a blob from a temporary key', async () => {
      await store.put('tmp/x', bufferStream('x'));
      await store.move('tmp/x', 'doc/x');
      expect(await store.exists('tmp/x')).toBe(false);
      expect((await readBlob(store, 'doc/x')).toString()).toBe('x');
    });

    it('lists keys by prefix, with the time each was written', async () => {
      const before = Date.now();
      await store.put('list/1', bufferStream('1'));
      await store.put('list/2', bufferStream('2'));
      const entries: { key: string; modifiedAt: Date }[] = [];
      for await (const entry of store.list('list/')) entries.push(entry);
      expect(entries.map((entry) => entry.key).sort()).toEqual(['list/1', 'list/2']);
      for (const { modifiedAt } of entries) {
        // S3 keeps whole seconds.
        expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      }
    });

    it('deletes, idempotently, and a missing blob is BlobNotFoundError', async () => {
      await store.put('gone', bufferStream('g'));
      await store.delete('gone');
      await store.delete('gone');
      expect(await store.exists('gone')).toBe(false);
      await expect(store.get('gone')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.move('gone', 'else')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('refuses keys that could leave the store', async () => {
      await expect(store.put('../evil', bufferStream('x'))).rejects.toThrow(/Invalid blob key/);
      await expect(store.put('a/../../evil', bufferStream('x'))).rejects.toThrow(
        /Invalid blob key/,
      );
    });
  });
}

blobStoreContract('folder', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'blobs-'));
  return {
    store: new FolderBlobStore(dir),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

blobStoreContract('S3 (s3rver on loopback)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'documents' }],
  });
  const { port } = (await server.run()) as { port: number };
  const store = new S3BlobStore({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'documents',
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    store,
    async close() {
      store.client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
