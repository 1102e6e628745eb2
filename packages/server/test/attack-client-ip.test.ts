import { describe, expect, it } from 'vitest';
import { ErrCode, UsedFor } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { loadConfig } from '../src/config/config.ts';
import { postAs, tally } from './support/attack.ts';
import { databases, uniqueEmail } from './support/http.ts';

/**
 * The client's address is not the client's to choose (docs/operations.md#behind-a-proxy-trust_proxy):
 * by default X-Forwarded-For is ignored, so rotating it does not rotate the per-IP windows; with
 * TRUST_PROXY it is honoured from the trusted hops only. The limit here is the default 30 codes an
 * hour per address.
 */
describe.each(databases)('the client address on %s', (database) => {
  const withServer = async (env: Record<string, string>, run: (server: TestServer) => Promise<void>) => {
    const server = await startTestServer({ database, env });
    try {
      await run(server);
    } finally {
      await server.close();
    }
  };
  /** 35 register codes to new e-mails, each request claiming another address. */
  const rotatedSends = async (server: TestServer, forwarded: (i: number) => string) => {
    const answers = [];
    for (let i = 0; i < 35; i += 1)
      answers.push(
        await postAs(
          server,
          '/chat/account/code/send',
          { email: uniqueEmail('xff'), usedFor: UsedFor.REGISTER },
          { 'x-forwarded-for': forwarded(i) },
        ),
      );
    return answers;
  };

  it('ignores X-Forwarded-For by default: 35 rotated headers get 30 codes, then 20005', async () => {
    await withServer({}, async (server) => {
      const answers = await rotatedSends(server, (i) => `203.0.113.${i + 1}`);
      expect(tally(answers)).toEqual({ 0: 30, [ErrCode.TOO_FREQUENT]: 5 });
      expect(answers.slice(30).every((a) => a.status === 429)).toBe(true);
      expect(server.codes.size).toBe(30);
    });
  });

  it('ignores the header from a peer that TRUST_PROXY does not name', async () => {
    await withServer({ TRUST_PROXY: '10.0.0.0/8, 192.168.0.1' }, async (server) => {
      const answers = await rotatedSends(server, (i) => `203.0.113.${i + 1}`);
      expect(tally(answers)).toEqual({ 0: 30, [ErrCode.TOO_FREQUENT]: 5 });
    });
  });

  it.each([['127.0.0.1/8'], ['loopback'], ['1']])(
    'with TRUST_PROXY=%s (the loopback proxy), each forwarded address has its own window',
    async (trustProxy) => {
      await withServer({ TRUST_PROXY: trustProxy }, async (server) => {
        // Every address is new: no window fills.
        expect(tally(await rotatedSends(server, (i) => `203.0.113.${i + 1}`))).toEqual({ 0: 35 });
        // One address is limited, whatever the hops before the proxy claim.
        const same = await rotatedSends(server, (i) => `198.51.100.${i}, 198.51.100.200`);
        expect(tally(same)).toEqual({ 0: 30, [ErrCode.TOO_FREQUENT]: 5 });
      });
    },
  );
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or addresses and CIDRs, and refuses anything else at start', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});
