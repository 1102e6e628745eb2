import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { GatewayClient, sessionQuery, upgradeAnswer, upgradeStatus } from './support/gateway.ts';
import { REGISTERING_ENV, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** Security headers on the page and every HTML fallback (docs/operations.md#security-headers). */
describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'im-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Messenger</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Messenger"}');
    // TRUST_PROXY: the loopback proxy's X-Forwarded-Proto says the client came over TLS.
    server = await startTestServer({
      webDist: dist,
      env: { ...REGISTERING_ENV, TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => server.close());

  const directives = (csp: string | null) =>
    new Map(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );

  it.each(['/', '/login', '/conversation', '/chat?conversationID=si_1_2'])('GET %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'", `ws://${server.host}`, `wss://${server.host}`]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Plain HTTP: no HSTS (it would lock a LAN install out).
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('hashed scripts keep nosniff and their own headers, without the document-only ones', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(response.headers.get(name)).toBeNull();
    }
    // The service worker is a worker: its policy stays, and it is revalidated on every start.
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('a hostile Host header never reaches the policy', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: "x; script-src 'unsafe-inline'" },
    });
    expect(answer.headers['content-security-policy']).not.toContain("unsafe-inline'; ");
    expect(String(answer.headers['content-security-policy'])).not.toMatch(
      /script-src 'self' 'unsafe-inline'/,
    );
    expect(directives(String(answer.headers['content-security-policy'])).get('connect-src')).toEqual([
      "'self'",
    ]);
  });

  it('a WebSocket handshake is left to ws, without the page headers; a plain request of its path keeps them', async () => {
    const refused = await upgradeAnswer(server, { token: 'not-a-token' });
    expect(refused.status).toBe(401);
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy'])
      expect(refused.headers[name]).toBeUndefined();
    const plain = await fetch(`${server.url}/msg_gateway?token=not-a-token`);
    expect(plain.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
  });

  it('HSTS over TLS', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
  });

  it('requests have a timeout', () => {
    expect(server.app.server.requestTimeout).toBe(60_000);
  });
});

/** Gateway sockets per session token (docs/operations.md#sockets-and-uploads). */
describe('gateway sockets per token', () => {
  const { server } = useSuiteServer({ env: { GATEWAY_MAX_SOCKETS_PER_TOKEN: '3' } });

  it('defaults to 10', async () => {
    const { loadConfig } = await import('../src/config/config.ts');
    expect(loadConfig({}).GATEWAY_MAX_SOCKETS_PER_TOKEN).toBe(10);
  });

  it('the upgrade past the cap answers 429; another session is counted apart; a closed socket frees a place', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const sockets = await Promise.all([1, 2, 3].map(() => GatewayClient.open(server, user)));
    expect(await upgradeStatus(server, sessionQuery(user))).toBe(429);
    expect(await upgradeStatus(server, sessionQuery(user))).toBe(429);
    const elsewhere = await GatewayClient.open(server, other);
    await sockets[0].close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await GatewayClient.open(server, user);
    expect(await upgradeStatus(server, sessionQuery(user))).toBe(429);
    await Promise.all([...sockets.slice(1), elsewhere, again].map((s) => s.close()));
  });
});
