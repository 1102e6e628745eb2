import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrCode, UsedFor, VERIFY_CODE_MAX_ATTEMPTS } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { databases, post, uniqueEmail } from './support/http.ts';

/**
 * Verification codes (docs/product.md#validation, docs/product.md#error-texts): send, verify, expiry,
 * attempts, single use, throttle.
 */
describe.each(databases)('verification codes on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database });
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  const send = (account: object, usedFor: number = UsedFor.REGISTER) =>
    post(server, '/chat/account/code/send', { ...account, usedFor });
  const verify = (account: object, verifyCode: string, usedFor: number = UsedFor.REGISTER) =>
    post(server, '/chat/account/code/verify', { ...account, usedFor, verifyCode });

  it('sends a 6-digit code that verifies, and registers once with it', async () => {
    const email = uniqueEmail();
    expect((await send({ email })).errCode).toBe(0);
    const code = server.codes.get(`email:${email}`)!;
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify({ email }, code)).errCode).toBe(0);
    const register = await post<LoginResp>(server, '/chat/account/register', {
      verifyCode: code,
      platform: 5,
      user: { email, password: 'abc123', nickname: 'Ann' },
    });
    expect(register.errCode).toBe(0);
    expect(register.data).toMatchObject({ userID: expect.any(String), imToken: expect.any(String) });
  });

  it('answers 20006 for a wrong code and 20008 after too many wrong attempts', async () => {
    const email = uniqueEmail();
    await send({ email });
    const code = server.codes.get(`email:${email}`)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < VERIFY_CODE_MAX_ATTEMPTS; i += 1)
      expect((await verify({ email }, wrong)).errCode).toBe(20006);
    const last = await verify({ email }, wrong);
    expect(last.errCode).toBe(ErrCode.CODE_ATTEMPTS_EXCEEDED);
    expect(last.status).toBe(429);
    // Even the right code is refused now: the limit protects the code.
    expect((await verify({ email }, code)).errCode).toBe(20008);
  });

  it('answers 20006 when no code was ever sent', async () => {
    expect((await verify({ email: uniqueEmail() }, '123456')).errCode).toBe(20006);
  });

  it('answers 20007 once the code is older than 10 minutes', async () => {
    const email = uniqueEmail();
    await send({ email });
    const code = server.codes.get(`email:${email}`)!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    const answer = await verify({ email }, code);
    expect(answer.errCode).toBe(ErrCode.CODE_EXPIRED);
    expect(answer.errMsg).toBe('verification code expired');
  });

  it('answers 20009 for a code that was already used', async () => {
    const email = uniqueEmail();
    await send({ email });
    const code = server.codes.get(`email:${email}`)!;
    const body = { verifyCode: code, platform: 5, user: { email, password: 'abc123', nickname: 'A' } };
    expect((await post(server, '/chat/account/register', body)).errCode).toBe(0);
    expect((await send({ email }, UsedFor.RESET_PASSWORD)).errCode).toBe(0);
    const reset = server.codes.get(`email:${email}`)!;
    const resetBody = { email, verifyCode: reset, password: 'newpass1' };
    expect((await post(server, '/chat/account/password/reset', resetBody)).errCode).toBe(0);
    const again = await post(server, '/chat/account/password/reset', resetBody);
    expect(again.errCode).toBe(ErrCode.CODE_USED);
  });

  it('throttles a resend within a minute with 20005, 429 and Retry-After', async () => {
    const email = uniqueEmail();
    expect((await send({ email })).errCode).toBe(0);
    const first = server.codes.get(`email:${email}`);
    const again = await send({ email });
    expect(again.errCode).toBe(ErrCode.TOO_FREQUENT);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(server.codes.get(`email:${email}`)).toBe(first);
  });

  it('refuses a register code for a registered account and a login code for an unknown one', async () => {
    const email = uniqueEmail();
    await send({ email });
    await post(server, '/chat/account/register', {
      verifyCode: server.codes.get(`email:${email}`),
      platform: 5,
      user: { email, password: 'abc123', nickname: 'A' },
    });
    expect((await send({ email })).errCode).toBe(ErrCode.ACCOUNT_REGISTERED);
    expect((await send({ email: uniqueEmail() }, UsedFor.LOGIN)).errCode).toBe(ErrCode.ACCOUNT_NOT_FOUND);
    expect((await send({ email: uniqueEmail() }, UsedFor.RESET_PASSWORD)).errCode).toBe(20002);
  });

  it('sends codes to phone accounts too, keyed with the area code', async () => {
    const phone = { areaCode: '86', phoneNumber: `139${Date.now() % 100_000_000}` };
    expect((await send(phone)).errCode).toBe(0);
    expect(server.codes.get(`phone:+86 ${phone.phoneNumber}`)).toMatch(/^\d{6}$/);
  });

  it('refuses a malformed request with 1001 and sends nothing', async () => {
    const email = 'not-an-email';
    const answer = await send({ email });
    expect(answer.errCode).toBe(ErrCode.ARGS);
    expect(answer.status).toBe(400);
    expect(answer.errDlt).toContain('email');
    expect([...server.codes.keys()].some((k) => k.includes(email))).toBe(false);
  });

  it('limits code sending per IP with 20005', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await send({ email: uniqueEmail('ip') })).errCode;
    expect(last).toBe(ErrCode.TOO_FREQUENT);
  });
});
