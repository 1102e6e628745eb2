import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';

/** The built client at `/` with history fallback, so `/conversation` and `/chat?…` reloads work. */
describe('web client', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'im-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Messenger</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'big-abc123.js'), 'console.log(2)'.repeat(200));
    writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync('console.log(2)'.repeat(200)));
    server = await startTestServer({ webDist: dist });
  });
  afterAll(() => server.close());

  it.each(['/', '/login', '/conversation', '/profile', '/chat?conversationID=si_1_2', '/selfInfoDetails'])(
    'answers index.html for the page %s',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Messenger</title>');
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the precompressed copy of an asset to a browser that takes brotli', async () => {
    const response = await fetch(`${server.url}/assets/big-abc123.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe('console.log(2)'.repeat(200));
  });

  it('answers a missing asset and an unknown API path with a 404 envelope, not the page', async () => {
    const asset = await fetch(`${server.url}/assets/missing.js`);
    expect(asset.status).toBe(404);
    const api = await fetch(`${server.url}/api/nothing`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ errCode: 1004 });
  });
});
