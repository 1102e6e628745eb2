import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Header } from '@im/protocol';
import type { Envelope, UploadResp } from '@im/protocol';
import { registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// The S3-compatible server runs before the messenger, which reads S3_* when it starts.
const s3dir = mkdtempSync(join(tmpdir(), 'im-s3rver-'));
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: s3dir,
  configureBuckets: [{ name: 'media', configs: [] }],
});
const { port } = await s3.run();

/** Uploads with S3_* set (docs/api.md "Uploads"): stored in the bucket, served by presigned redirects. */
describe('uploads to S3-compatible storage', () => {
  const { server } = useSuiteServer({
    env: {
      S3_BUCKET: 'media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  let token = '';
  beforeAll(async () => {
    token = (await registerUser(server)).imToken;
  });
  afterAll(async () => {
    await s3.close();
    rmSync(s3dir, { recursive: true, force: true });
  });
  const upload = async (query: string, body: Uint8Array) => {
    const response = await fetch(`${server.url}/api/object/upload?${query}`, {
      method: 'POST',
      headers: { [Header.operationID]: 'up', [Header.token]: token },
      body,
    });
    return ((await response.json()) as Envelope<UploadResp>).data!;
  };

  it('stores a file in the bucket and redirects its URL to a presigned download with its name', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const file = await upload('purpose=file&name=notes.txt', bytes);
    expect(file.url).toMatch(/^\/api\/object\/[0-9a-f]{32}\.bin$/);
    const redirect = await fetch(`${server.url}${file.url}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location).toContain(`http://127.0.0.1:${port}/media/${file.name}?`);
    const served = await fetch(location);
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    );
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('makes a picture’s thumbnail into the bucket too', async () => {
    const picture = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const answer = await upload('purpose=picture', picture);
    expect(answer).toMatchObject({ width: 960, height: 960, thumbnailWidth: 480, thumbnailHeight: 480 });
    const thumbnail = await fetch(`${server.url}${answer.thumbnailUrl!}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(480);
  });
});
