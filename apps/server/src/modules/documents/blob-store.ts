import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/** A blob that does not exist. */
export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`Blob not found: ${key}`);
  }
}

/** A blob as a listing names it. */
export interface BlobEntry {
  key: string;
  /** When the blob was last written (a file's mtime, an object's LastModified). */
  modifiedAt: Date;
}

/**
 * Where document bytes live. Keys are `[a-z0-9._-]` segments joined by `/`. Writes stream
 * (nothing is held whole in memory); `move` publishes a blob written under a temporary key.
 */
export interface BlobStore {
  /** Streams `body` to `key` (replacing it); resolves with the bytes written. */
  put(key: string, body: Readable, contentType?: string): Promise<{ size: number }>;
  /** A stream of the blob's bytes; rejects with {@link BlobNotFoundError}. */
  get(key: string): Promise<Readable>;
  /** Whether the blob exists. */
  exists(key: string): Promise<boolean>;
  /** Renames `from` to `to` (replacing `to`). */
  move(from: string, to: string): Promise<void>;
  /** Removes the blob; no error when it is missing. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, with the time it was last written. */
  list(prefix: string): AsyncIterable<BlobEntry>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertBlobKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Invalid blob key: ${key}`);
  }
  return key;
}

/** Blobs as files in a folder (default: `DATA_DIR/documents`). */
export class FolderBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...assertBlobKey(key).split('/'));
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(body, createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string): Promise<Readable> {
    // Opened here, not when the stream first reads: a file deleted once this resolved (the
    // document deleted while it is being downloaded) is still read to its end.
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.file(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw error;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    // 256 KB reads: fewer, larger writes to the socket for big downloads.
    return handle.createReadStream({ highWaterMark: 256 * 1024 });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(this.file(from), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(from);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch {
      return;
    }
    for (const entry of entries.sort()) {
      const key = entry.split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      // Folders, files whose names are no keys and files removed since the listing are skipped.
      let modifiedAt: Date;
      try {
        const stats = await stat(this.file(key));
        if (!stats.isFile()) continue;
        modifiedAt = stats.mtime;
      } catch {
        continue;
      }
      yield { key, modifiedAt };
    }
  }
}

export interface S3BlobStoreOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  /** Path-style addressing (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle?: boolean;
  /** Explicit credentials (tests); otherwise the SDK's chain reads the environment. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Blobs in any S3-compatible store. */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: options.credentials,
    });
  }

  async put(key: string, body: Readable, contentType?: string): Promise<{ size: number }> {
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: assertBlobKey(key),
        Body: body,
        ContentType: contentType ?? 'application/octet-stream',
      },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    });
    await upload.done();
    return { size };
  }

  async get(key: string): Promise<Readable> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertBlobKey(key) }),
      );
      return result.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: assertBlobKey(key) }),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          CopySource: `${this.bucket}/${assertBlobKey(from)}`,
          Key: assertBlobKey(to),
        }),
      );
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(from);
      throw error;
    }
    await this.delete(from);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: assertBlobKey(key) }),
    );
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.Code === 'NoSuchKey' ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/** Reads a whole blob (tests and the seed; documents themselves are streamed). */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export const bufferStream = (bytes: Buffer | string): Readable =>
  Readable.from([Buffer.from(bytes)]);
