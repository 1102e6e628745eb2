import { describe, expect, it } from 'vitest';
import { ErrCode, UsedFor } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import type { RawAnswer } from './support/attack.ts';
import { postAs, tally } from './support/attack.ts';
import { databases, registerUser, SUPER_CODE, uniqueEmail } from './support/http.ts';

/**
 * code/send, register and password/reset tell whether an account exists (20002, 20003, 20004: the
 * product names those answers, docs/product.md#error-texts). Every request counts against the
 * address's and the account's windows before the account is looked up, whatever it answers, so the
 * answers cannot be harvested fast (docs/operations.md#limits): the defaults are 30 an hour per
 * address and 10 an hour per account, for each call.
 */
describe.each(databases)('harvesting account existence on %s', (database) => {
  const withServer = async (env: Record<string, string>, run: (server: TestServer) => Promise<void>) => {
    const server = await startTestServer({ database, env: { SUPER_CODE, ALLOW_SUPER_CODE: '1', ...env } });
    try {
      await run(server);
    } finally {
      await server.close();
    }
  };
  const probe = async (count: number, request: (i: number) => Promise<RawAnswer>) => {
    const answers = [];
    for (let i = 0; i < count; i += 1) answers.push(await request(i));
    return answers;
  };

  it('register: past 30 requests from one address (4 registrations, 26 probes), 20005', async () => {
    await withServer({}, async (server) => {
      // Known and unknown e-mails alternate: 20004 for a registered one, 20006 (no code) else. The
      // known ones are several, so that no account reaches its own limit of 10.
      const known: { email: string }[] = [];
      for (let i = 0; i < 4; i += 1) known.push(await registerUser(server));
      const answers = await probe(40, (i) =>
        postAs(server, '/chat/account/register', {
          verifyCode: '000000',
          platform: 5,
          user: {
            email: i % 2 ? known[(i >> 1) % 4].email : uniqueEmail('probe'),
            password: 'abc123',
            nickname: 'P',
          },
        }),
      );
      // The four registrations were the address's first requests of the hour.
      expect(tally(answers.slice(0, 26))).toEqual({
        [ErrCode.ACCOUNT_REGISTERED]: 13,
        [ErrCode.CODE_INCORRECT]: 13,
      });
      expect(tally(answers.slice(26))).toEqual({ [ErrCode.TOO_FREQUENT]: 14 });
      expect(answers.at(-1)!.status).toBe(429);
    });
  });

  it('code/send: 40 reset codes for unknown accounts get 30 answers 20002, then 20005', async () => {
    await withServer({}, async (server) => {
      const answers = await probe(40, () =>
        postAs(server, '/chat/account/code/send', {
          email: uniqueEmail('probe'),
          usedFor: UsedFor.RESET_PASSWORD,
        }),
      );
      expect(tally(answers.slice(0, 30))).toEqual({ [ErrCode.ACCOUNT_NOT_FOUND]: 30 });
      expect(tally(answers.slice(30))).toEqual({ [ErrCode.TOO_FREQUENT]: 10 });
    });
  });

  it('password/reset: 40 resets of unknown accounts get 30 answers 20002, then 20005', async () => {
    await withServer({}, async (server) => {
      const answers = await probe(40, () =>
        postAs(server, '/chat/account/password/reset', {
          email: uniqueEmail('probe'),
          verifyCode: '000000',
          password: 'abc123',
        }),
      );
      expect(tally(answers.slice(0, 30))).toEqual({ [ErrCode.ACCOUNT_NOT_FOUND]: 30 });
      expect(tally(answers.slice(30))).toEqual({ [ErrCode.TOO_FREQUENT]: 10 });
    });
  });

  it('counts per account too: 11 probes of one account from 11 addresses, the 11th answers 20005', async () => {
    // Behind a trusted proxy, each request comes from another address.
    await withServer({ TRUST_PROXY: 'loopback' }, async (server) => {
      const email = uniqueEmail('target');
      const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });
      const resets = await probe(11, (i) =>
        postAs(
          server,
          '/chat/account/password/reset',
          { email, verifyCode: '000000', password: 'abc123' },
          from(i),
        ),
      );
      expect(tally(resets)).toEqual({ [ErrCode.ACCOUNT_NOT_FOUND]: 10, [ErrCode.TOO_FREQUENT]: 1 });
      const registers = await probe(11, (i) =>
        postAs(
          server,
          '/chat/account/register',
          { verifyCode: '000000', platform: 5, user: { email, password: 'abc123', nickname: 'P' } },
          from(i),
        ),
      );
      expect(tally(registers)).toEqual({ [ErrCode.CODE_INCORRECT]: 10, [ErrCode.TOO_FREQUENT]: 1 });
      const sends = await probe(11, (i) =>
        postAs(server, '/chat/account/code/send', { email, usedFor: UsedFor.LOGIN }, from(i)),
      );
      expect(tally(sends)).toEqual({ [ErrCode.ACCOUNT_NOT_FOUND]: 10, [ErrCode.TOO_FREQUENT]: 1 });
    });
  });
});
