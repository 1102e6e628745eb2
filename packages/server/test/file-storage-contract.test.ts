import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../src/file/file-storage.ts';
import { LocalFileStorage } from '../src/file/local-file-storage.ts';
import { S3FileStorage } from '../src/file/s3-file-storage.ts';

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const name = () => `${randomBytes(16).toString('hex')}.bin`;
const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** A body that sends `before` bytes and then fails, as a cut upload does. */
const cut = (before: number) =>
  Readable.from(
    (async function* () {
      yield randomBytes(before);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the client went away');
    })(),
  );

/**
 * What every FileStorage does (src/file/file-storage.ts), run against the disk and against a real
 * S3-compatible server (s3rver, started here, spoken to with path-style URLs as MinIO is).
 */
const adapters: {
  label: string;
  open: () => Promise<{ storage: FileStorage; close: () => Promise<void> }>;
}[] = [
  {
    label: 'local disk',
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'im-storage-'));
      return {
        storage: new LocalFileStorage(dir),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    label: 'S3 (s3rver)',
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'im-s3rver-'));
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'media', configs: [] }],
      });
      const { port } = await server.run();
      const storage = new S3FileStorage({
        bucket: 'media',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        urlTtlS: 600,
      });
      return {
        storage,
        close: async () => {
          storage.close();
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(adapters)('the storage contract on $label', (adapter) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await adapter.open());
  });
  afterAll(() => close());

  it('stores a body of known length and of unknown length byte for byte', async () => {
    for (const [size, known] of [
      [1000, true],
      [3 * MiB, true],
      [1000, false],
      // Past one multipart part on S3.
      [7 * MiB, false],
    ] as const) {
      const bytes = randomBytes(size);
      const key = name();
      await storage.write(key, Readable.from([bytes.subarray(0, 500), bytes.subarray(500)]), {
        contentType: 'application/octet-stream',
        size: known ? size : undefined,
      });
      const object = await storage.open(key);
      expect(object?.size, `${size} ${known}`).toBe(size);
      expect(sha256(await bytesOf(object!.stream))).toBe(sha256(bytes));
    }
  });

  it('keeps nothing of a body that fails mid-way, of known or unknown length', async () => {
    for (const known of [true, false]) {
      const key = name();
      await expect(
        storage.write(key, cut(64 * 1024), { contentType: 'image/png', size: known ? 2 * MiB : undefined }),
      ).rejects.toThrow();
      expect(await storage.open(key), `known length: ${known}`).toBeNull();
    }
  });

  it('reads a range, deletes, and answers null for what it does not hold', async () => {
    const key = name();
    const bytes = Buffer.from('0123456789abcdef');
    await storage.write(key, Readable.from([bytes]), { contentType: 'text/plain', size: bytes.length });
    const part = await storage.open(key, { start: 4, end: 9 });
    expect(await text(part!.stream)).toBe('456789');
    expect(part!.size).toBe(bytes.length);
    await storage.delete(key);
    expect(await storage.open(key)).toBeNull();
    await storage.delete(key);
    expect(await storage.open(name())).toBeNull();
  });

  it('gives a direct URL only where the browser can fetch the bytes itself, with type and name', async () => {
    const key = name();
    const bytes = randomBytes(2048);
    await storage.write(key, Readable.from([bytes]), {
      contentType: 'application/octet-stream',
      size: bytes.length,
    });
    const disposition = `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`;
    const url = await storage.directUrl(key, { contentType: 'application/octet-stream', disposition });
    if (storage instanceof LocalFileStorage) return expect(url).toBeNull();
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe(disposition);
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes));
  });
});
