import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrCode, Header } from '@im/protocol';
import type { Envelope, UploadResp } from '@im/protocol';
import type { TestServer } from '../src/testing.ts';
import { registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** The first bytes of a WebM (EBML), an Ogg and an MP4 file, enough for the sniffing. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(2000)]);
const OGG = Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), randomBytes(2000)]);
const MP4 = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), randomBytes(2000)]);
const MP3 = Buffer.concat([Buffer.from('ID3\x04\0\0', 'latin1'), randomBytes(2000)]);

function uploadsOf(server: TestServer) {
  const dir = join(server.config.DATA_DIR, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

function client(server: TestServer, token: () => string) {
  return async (query: string, body: RequestInit['body'], headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/api/object/upload?${query}`, {
      method: 'POST',
      headers: { [Header.operationID]: 'up', [Header.token]: token(), ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: response.status, ...((await response.json()) as Envelope<UploadResp>) };
  };
}

/** Uploads of every purpose (docs/api.md "Uploads"): limits, streaming, types, how they are served. */
describe('media uploads', () => {
  const { server } = useSuiteServer({ env: { UPLOAD_MAX_FILE_MB: '4', UPLOAD_MAX_VOICE_MB: '0.5' } });
  let token = '';
  beforeAll(async () => {
    token = (await registerUser(server)).imToken;
  });
  const upload = client(server, () => token);

  it('stores a file byte for byte and serves it only as a download with its original name', async () => {
    const bytes = randomBytes(3 * MiB);
    const name = 'Rapport 2024 – final "v2".pdf';
    const answer = await upload(`purpose=file&name=${encodeURIComponent(name)}`, bytes, {
      'content-type': 'text/html',
    });
    expect(answer.errCode).toBe(0);
    expect(answer.data).toMatchObject({ contentType: 'application/octet-stream', size: bytes.length });
    expect(answer.data!.url).toMatch(/^\/api\/object\/[0-9a-f]{32}\.bin$/);
    const served = await fetch(`${server.url}${answer.data!.url}`);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="Rapport 2024 _ final _v2_.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
    // A player's range request answers that part only.
    const part = await fetch(`${server.url}${answer.data!.url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('refuses a Content-Length over the limit with 1001 and the limit, before storing a byte', async () => {
    const before = uploadsOf(server);
    const answer = await upload('purpose=file', randomBytes(4 * MiB + 1));
    expect(answer).toMatchObject({ status: 400, errCode: ErrCode.ARGS });
    expect(answer.errDlt).toContain(String(4 * MiB));
    expect(uploadsOf(server)).toEqual(before);
  });

  it('cuts a body without a length as soon as it passes the limit, and keeps nothing', async () => {
    const before = uploadsOf(server);
    let sent = 0;
    // 64 KiB chunks without end: only the cut can finish this request.
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(WEBM));
      },
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(1));
        if (sent > 64 * MiB) controller.close();
      },
    });
    const answer = await upload('purpose=voice', endless).catch(() => null);
    // The server answers 1001 and closes; the client may see the answer or the closed socket.
    if (answer) expect(answer).toMatchObject({ errCode: ErrCode.ARGS });
    expect(sent).toBeLessThan(16 * MiB);
    await vi.waitFor(() => expect(uploadsOf(server)).toEqual(before));
  });

  it('keeps nothing of an upload cut off by the client mid-way', async () => {
    const before = uploadsOf(server);
    const port = Number(server.host.split(':')[1]);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/object/upload?purpose=file',
      headers: { [Header.token]: token, 'content-length': String(2 * MiB) },
    });
    req.on('error', () => {});
    req.write(randomBytes(MiB));
    await new Promise((resolve) => setTimeout(resolve, 200));
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(uploadsOf(server)).toEqual(before);
    // The server still answers.
    expect((await upload('purpose=file', randomBytes(10))).errCode).toBe(0);
  });

  it('takes a body sent without any content-type header', async () => {
    const bytes = randomBytes(5000);
    const answer = await new Promise<Envelope<UploadResp>>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(server.host.split(':')[1]),
          method: 'POST',
          path: '/api/object/upload?purpose=file&name=raw.dat',
          headers: { [Header.token]: token, 'content-length': String(bytes.length) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(JSON.parse(text) as Envelope<UploadResp>));
        },
      );
      req.on('error', reject);
      req.end(bytes);
    });
    expect(answer.errCode).toBe(0);
    const served = await fetch(`${server.url}${answer.data!.url}`);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('answers a picture’s size and a thumbnail whose long side is 480', async () => {
    const picture = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const answer = await upload('purpose=picture&name=holiday.jpg', picture);
    expect(answer.errCode).toBe(0);
    expect(answer.data).toMatchObject({
      contentType: 'image/jpeg',
      size: picture.length,
      width: 1200,
      height: 800,
      thumbnailWidth: 480,
      thumbnailHeight: 320,
    });
    const served = await fetch(`${server.url}${answer.data!.url}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(picture));
    const thumbnail = await fetch(`${server.url}${answer.data!.thumbnailUrl!}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 480,
      height: 320,
      format: 'webp',
    });
    // A picture whose bytes only start like one is refused, and nothing of it is kept.
    const before = uploadsOf(server);
    const broken = Buffer.concat([picture.subarray(0, 20), randomBytes(5000)]);
    expect((await upload('purpose=picture', broken)).errCode).toBe(ErrCode.UNSUPPORTED_FILE_TYPE);
    expect(uploadsOf(server)).toEqual(before);
  });

  it('takes voice as WebM or Ogg and video as WebM or MP4, sniffed from the bytes', async () => {
    const cases: [string, Buffer, string][] = [
      ['voice', WEBM, 'audio/webm'],
      ['voice', OGG, 'audio/ogg'],
      ['video', WEBM, 'video/webm'],
      ['video', MP4, 'video/mp4'],
    ];
    for (const [purpose, bytes, contentType] of cases) {
      const answer = await upload(`purpose=${purpose}`, bytes, { 'content-type': 'image/png' });
      expect(answer.data?.contentType, `${purpose} ${contentType}`).toBe(contentType);
      const served = await fetch(`${server.url}${answer.data!.url}`);
      expect(served.headers.get('content-type')).toBe(contentType);
      expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
    }
    const before = uploadsOf(server);
    for (const [purpose, bytes] of [
      ['voice', MP3],
      ['video', MP3],
      ['voice', MP4],
      ['videoSnapshot', WEBM],
    ] as const)
      expect((await upload(`purpose=${purpose}`, bytes)).errCode, purpose).toBe(
        ErrCode.UNSUPPORTED_FILE_TYPE,
      );
    expect(uploadsOf(server)).toEqual(before);
  });
});

describe('the daily upload quota', () => {
  const { server } = useSuiteServer({ env: { UPLOAD_DAILY_QUOTA_MB: '1' } });
  let token = '';
  beforeAll(async () => {
    token = (await registerUser(server)).imToken;
  });
  const upload = client(server, () => token);

  it('refuses an upload that would pass what a user may upload in a day', async () => {
    expect((await upload('purpose=file', randomBytes(600 * 1024))).errCode).toBe(0);
    const refused = await upload('purpose=file', randomBytes(600 * 1024));
    expect(refused.errCode).toBe(ErrCode.ARGS);
    expect(refused.errDlt).toContain('quota');
    expect((await upload('purpose=file', randomBytes(300 * 1024))).errCode).toBe(0);
    // A body without a length is cut where the quota ends, with the quota's answer.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const cut = await upload('purpose=file', endless).catch(() => null);
    if (cut) expect(cut.errDlt).toContain('quota');
  });
});
