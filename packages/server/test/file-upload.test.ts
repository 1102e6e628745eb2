import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, ErrCode, Header } from '@im/protocol';
import type { Envelope, UploadResp } from '@im/protocol';
import { sniffImage } from '../src/file/image-sniff.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('image sniffing', () => {
  it('knows PNG, JPEG, GIF and WebP by their magic numbers, and nothing else', () => {
    expect(sniffImage(PNG)).toEqual({ contentType: 'image/png', ext: 'png' });
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.contentType).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))?.contentType).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))?.contentType).toBe('image/webp');
    expect(sniffImage(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImage(PNG.subarray(0, 4))).toBeNull();
  });
});

/** Avatar uploads: the IM token, the size limit, the type from the bytes, and how they are served. */
describe.each(databases)('uploads on %s', (database) => {
  const { server } = useSuiteServer({ database });
  let token: string;
  beforeAll(async () => {
    token = (await registerUser(server)).imToken;
  });

  const upload = async (body: Uint8Array, headers: Record<string, string> = {}, query = '') => {
    const response = await fetch(`${server.url}/api/object/upload${query}`, {
      method: 'POST',
      headers: { [Header.operationID]: 'up', [Header.token]: token, 'content-type': 'image/png', ...headers },
      body,
    });
    return { status: response.status, ...((await response.json()) as Envelope<UploadResp>) };
  };

  it('stores a real PNG under a generated name and serves it with its type and nosniff', async () => {
    const answer = await upload(PNG, { 'content-type': 'application/octet-stream' });
    expect(answer.errCode).toBe(0);
    const { url, name, contentType, size } = answer.data!;
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(url).toBe(`/api/object/${name}`);
    expect({ contentType, size }).toEqual({ contentType: 'image/png', size: PNG.length });
    expect(existsSync(join(server.config.DATA_DIR, 'uploads', name))).toBe(true);

    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // Another upload of the same bytes gets another name.
    expect((await upload(PNG)).data!.name).not.toBe(name);
  });

  it('refuses text bytes claimed to be a PNG (1007) and stores nothing', async () => {
    const before = (await upload(PNG)).data!.name;
    const fake = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const answer = await upload(fake, { 'content-type': 'image/png' }, '?purpose=avatar');
    expect(answer).toMatchObject({ status: 400, errCode: ErrCode.UNSUPPORTED_FILE_TYPE });
    const empty = await upload(Buffer.alloc(0));
    expect(empty).toMatchObject({ status: 400, errCode: ErrCode.ARGS });
    const stored = readdirSync(join(server.config.DATA_DIR, 'uploads'));
    expect(stored).toContain(before);
    expect(stored.every((file) => /^[0-9a-f]{32}\.png$/.test(file))).toBe(true);
  });

  it('answers 413 with the envelope above the avatar limit (5 MiB)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG.length)]);
    const answer = await upload(big);
    expect(answer).toMatchObject({ status: 413, errCode: ErrCode.TOO_LARGE });
    const atLimit = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length)]);
    expect((await upload(atLimit)).errCode).toBe(0);
  });

  it('needs the IM token to upload; serves only names it made; refuses unknown purposes', async () => {
    const anonymous = await fetch(`${server.url}/api/object/upload`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: PNG,
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as Envelope).errCode).toBe(ErrCode.TOKEN_MISSING);
    for (const path of [
      '/api/object/0123456789abcdef0123456789abcdef.png',
      '/api/object/..%2Fmessenger.sqlite',
    ]) {
      const missing = await fetch(`${server.url}${path}`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as Envelope).errCode).toBe(ErrCode.NOT_FOUND);
    }
    expect((await upload(PNG, {}, '?purpose=sticker')).errCode).toBe(ErrCode.ARGS);
  });
});
