import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrCode, UsedFor, VERIFY_CODE_MAX_ATTEMPTS } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { postAs, tally } from './support/attack.ts';
import { databases, post, registerUser, REGISTERING_ENV, SUPER_CODE, uniqueEmail } from './support/http.ts';

/**
 * Single-use secrets are consumed atomically (docs/operations.md#secrets-and-codes,
 * docs/decisions.md#accounts): a code's wrong attempts are counted by one conditional UPDATE, a
 * resend does not restore the attempts, a code and an invitation are used up by one caller only, and
 * codes are stored as keyed hashes. The limits per address and per account are lifted here, so that
 * every request reaches the code.
 */
describe.each(databases)('single-use secrets on %s', (database) => {
  const unlimited = { ...REGISTERING_ENV, ACCOUNT_LIMIT_PER_ACCOUNT: '100000' };
  const withServer = async (env: Record<string, string>, run: (server: TestServer) => Promise<void>) => {
    const server = await startTestServer({ database, env });
    try {
      await run(server);
    } finally {
      await server.close();
    }
  };
  afterEach(() => vi.useRealTimers());

  const sendCode = async (server: TestServer, email: string, usedFor: number) => {
    expect((await post(server, '/chat/account/code/send', { email, usedFor })).errCode).toBe(0);
    return server.codes.get(`email:${email}`)!;
  };
  /** The i-th wrong guess for a code (any other 6 digits). */
  const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  const login = (server: TestServer, body: object) =>
    post<LoginResp>(server, '/chat/account/login', { platform: 5, ...body });

  it('400 concurrent wrong reset codes get at most 5 checks; then the right one answers 20008', async () => {
    await withServer(unlimited, async (server) => {
      const victim = await registerUser(server);
      const code = await sendCode(server, victim.email, UsedFor.RESET_PASSWORD);
      const reset = (verifyCode: string) =>
        postAs(server, '/chat/account/password/reset', {
          email: victim.email,
          verifyCode,
          password: 'taken999',
        });
      const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => reset(wrongFor(code, i))));
      const counts = tally(answers);
      // Four answer "wrong", the fifth and every later one "too many attempts": 5 checks in all.
      expect(counts).toEqual({
        [ErrCode.CODE_INCORRECT]: VERIFY_CODE_MAX_ATTEMPTS - 1,
        [ErrCode.CODE_ATTEMPTS_EXCEEDED]: 400 - (VERIFY_CODE_MAX_ATTEMPTS - 1),
      });
      const row = await server.app.messenger.db
        .selectFrom('verifyCodes')
        .select('attempts')
        .where('account', '=', `email:${victim.email}`)
        .where('usedFor', '=', UsedFor.RESET_PASSWORD)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(VERIFY_CODE_MAX_ATTEMPTS);

      expect((await reset(code)).errCode).toBe(ErrCode.CODE_ATTEMPTS_EXCEEDED);
      expect((await login(server, { email: victim.email, password: 'taken999' })).errCode).toBe(
        ErrCode.PASSWORD_ERROR,
      );
      expect((await login(server, { email: victim.email, password: victim.password })).errCode).toBe(0);
    });
  });

  it('400 wrong codes in two concurrent waves around a resend still get at most 5 checks', async () => {
    await withServer(unlimited, async (server) => {
      const victim = await registerUser(server);
      const reset = (verifyCode: string) =>
        postAs(server, '/chat/account/password/reset', {
          email: victim.email,
          verifyCode,
          password: 'taken999',
        });
      const wave = (code: string, offset: number) =>
        Promise.all(Array.from({ length: 200 }, (_, i) => reset(wrongFor(code, offset + i))));
      const first = await sendCode(server, victim.email, UsedFor.RESET_PASSWORD);
      const before = await wave(first, 0);
      // A minute later (the resend interval) the attacker asks for a new code and guesses again.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      const second = await sendCode(server, victim.email, UsedFor.RESET_PASSWORD);
      const after = await wave(second, 200);
      expect(tally([...before, ...after])).toEqual({
        [ErrCode.CODE_INCORRECT]: VERIFY_CODE_MAX_ATTEMPTS - 1,
        [ErrCode.CODE_ATTEMPTS_EXCEEDED]: 400 - (VERIFY_CODE_MAX_ATTEMPTS - 1),
      });
      expect((await reset(second)).errCode).toBe(ErrCode.CODE_ATTEMPTS_EXCEEDED);
      expect((await login(server, { email: victim.email, password: victim.password })).errCode).toBe(0);
    });
  });

  it('a resend does not restore the attempts of a live code; one sent after it expired starts again', async () => {
    await withServer(unlimited, async (server) => {
      const victim = await registerUser(server);
      const first = await sendCode(server, victim.email, UsedFor.LOGIN);
      for (let i = 0; i < VERIFY_CODE_MAX_ATTEMPTS; i += 1)
        await login(server, { email: victim.email, verifyCode: wrongFor(first, i) });
      vi.useFakeTimers({ toFake: ['Date'] });
      // A minute later (the resend interval), a new code: still no more guesses.
      vi.setSystemTime(Date.now() + 61_000);
      const second = await sendCode(server, victim.email, UsedFor.LOGIN);
      expect(second).not.toBeUndefined();
      const refused = await login(server, { email: victim.email, verifyCode: second });
      expect(refused.errCode).toBe(ErrCode.CODE_ATTEMPTS_EXCEEDED);
      // Once the last code has expired, the next one has the full budget again.
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
      const third = await sendCode(server, victim.email, UsedFor.LOGIN);
      expect((await login(server, { email: victim.email, verifyCode: third })).errCode).toBe(0);
    });
  });

  it('8 concurrent resets with the right code: one changes the password, the others answer 20009', async () => {
    await withServer(unlimited, async (server) => {
      const victim = await registerUser(server);
      const code = await sendCode(server, victim.email, UsedFor.RESET_PASSWORD);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          postAs(server, '/chat/account/password/reset', {
            email: victim.email,
            verifyCode: code,
            password: `fresh${i}x`,
          }),
        ),
      );
      expect(tally(answers)).toEqual({ 0: 1, [ErrCode.CODE_USED]: 7 });
      const winner = answers.findIndex((a) => a.errCode === 0);
      expect((await login(server, { email: victim.email, password: `fresh${winner}x` })).errCode).toBe(0);
    });
  });

  it('8 concurrent logins with one login code give one session', async () => {
    await withServer(unlimited, async (server) => {
      const victim = await registerUser(server);
      const code = await sendCode(server, victim.email, UsedFor.LOGIN);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          login(server, { email: victim.email, verifyCode: code, platform: i % 2 ? 1 : 2 }),
        ),
      );
      expect(tally(answers)).toEqual({ 0: 1, [ErrCode.CODE_USED]: 7 });
    });
  });

  it('8 concurrent registrations with one single-use invitation give exactly one account', async () => {
    await withServer({ ...unlimited, INVITATION_CODES: 'ONLYONE' }, async (server) => {
      const emails = Array.from({ length: 8 }, () => uniqueEmail('invited'));
      const answers = await Promise.all(
        emails.map((email) =>
          postAs(server, '/chat/account/register', {
            verifyCode: SUPER_CODE,
            invitationCode: 'ONLYONE',
            platform: 5,
            user: { email, password: 'abc123', nickname: 'Invited' },
          }),
        ),
      );
      expect(tally(answers)).toEqual({ 0: 1, [ErrCode.INVITATION_USED]: 7 });
      const users = await server.app.messenger.db
        .selectFrom('users')
        .select(['userId', 'email'])
        .where('email', 'in', emails)
        .execute();
      expect(users).toHaveLength(1);
      const invitation = await server.app.messenger.db
        .selectFrom('invitationCodes')
        .selectAll()
        .where('code', '=', 'ONLYONE')
        .executeTakeFirstOrThrow();
      expect(invitation.usedBy).toBe(users[0].userId);
    });
  });

  it('8 concurrent registrations with one e-mail code give one account', async () => {
    await withServer(unlimited, async (server) => {
      const email = uniqueEmail('racer');
      const code = await sendCode(server, email, UsedFor.REGISTER);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          postAs(server, '/chat/account/register', {
            verifyCode: code,
            platform: 5,
            user: { email, password: 'abc123', nickname: `R${i}` },
          }),
        ),
      );
      expect(answers.filter((a) => a.errCode === 0)).toHaveLength(1);
      const count = await server.app.messenger.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });

  it('stores codes as keyed hashes, never as the digits', async () => {
    await withServer(unlimited, async (server) => {
      const email = uniqueEmail('stored');
      const code = await sendCode(server, email, UsedFor.REGISTER);
      const row = await server.app.messenger.db
        .selectFrom('verifyCodes')
        .selectAll()
        .where('account', '=', `email:${email}`)
        .executeTakeFirstOrThrow();
      expect(Object.values(row).map(String)).not.toContain(code);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.codeHash).not.toContain(code);
    });
  });
});
