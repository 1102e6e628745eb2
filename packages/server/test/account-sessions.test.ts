import { describe, expect, it } from 'vitest';
import { ErrCode, UsedFor } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { databases, post, registerUser, SUPER_CODE, uniqueEmail } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * Register, login, passwords and the token codes (docs/decisions.md#protocol-conventions) on a real
 * server.
 */
describe.each(databases)('accounts and sessions on %s', (database) => {
  const { server } = useSuiteServer({ database });

  const login = (body: object) => post<LoginResp>(server, '/chat/account/login', { platform: 5, ...body });
  /** Asks for a code as the user would, and reads it where it was delivered (the server's record). */
  const codeFor = async (email: string, usedFor: number) => {
    const sent = await post(server, '/chat/account/code/send', { email, usedFor });
    expect(sent.errCode).toBe(0);
    return server.codes.get(`email:${email}`)!;
  };
  const whoAmI = (user: { userID: string; chatToken: string }) =>
    post(server, '/chat/user/find/full', { userIDs: [user.userID] }, user.chatToken);

  it('registers by e-mail and logs in with the password', async () => {
    const user = await registerUser(server, { nickname: 'Ann' });
    const answer = await login({ email: user.email, password: user.password });
    expect(answer.errCode).toBe(0);
    expect(answer.data!.userID).toBe(user.userID);
    const found = await whoAmI(answer.data!);
    expect(found.data).toMatchObject({
      users: [{ userID: user.userID, nickname: 'Ann', email: user.email }],
    });
  });

  it('registers by phone with the area code and refuses the same phone with 20003', async () => {
    const phoneNumber = `138${String(Date.now()).slice(-8)}`;
    const body = (nickname: string) => ({
      verifyCode: SUPER_CODE,
      platform: 5,
      user: { areaCode: '+86', phoneNumber, password: 'abc123', nickname },
    });
    expect((await post(server, '/chat/account/register', body('P'))).errCode).toBe(0);
    const again = await post(server, '/chat/account/register', body('Q'));
    expect(again.errCode).toBe(ErrCode.PHONE_REGISTERED);
    expect(again.errMsg).toBe('phone already registered');
    const byPhone = await login({ areaCode: '86', phoneNumber, password: 'abc123' });
    expect(byPhone.errCode).toBe(0);
  });

  it('refuses a registered e-mail with 20004 and changes nothing', async () => {
    const user = await registerUser(server, { nickname: 'First' });
    const again = await post(server, '/chat/account/register', {
      verifyCode: SUPER_CODE,
      platform: 5,
      user: { email: user.email.toUpperCase(), password: 'other999', nickname: 'Second' },
    });
    expect(again.errCode).toBe(ErrCode.ACCOUNT_REGISTERED);
    expect((await login({ email: user.email, password: user.password })).errCode).toBe(0);
  });

  it('answers 20001 for a wrong password and 20002 for an unknown account', async () => {
    const user = await registerUser(server);
    const wrong = await login({ email: user.email, password: 'wrong999' });
    expect(wrong.errCode).toBe(ErrCode.PASSWORD_ERROR);
    expect(wrong.errMsg).toBe('password error');
    expect((await login({ email: uniqueEmail(), password: 'abc123' })).errCode).toBe(
      ErrCode.ACCOUNT_NOT_FOUND,
    );
  });

  it('refuses a password without digits or letters (docs/product.md#validation) with 1001', async () => {
    const answer = await post(server, '/chat/account/register', {
      verifyCode: SUPER_CODE,
      platform: 5,
      user: { email: uniqueEmail(), password: 'onlyletters', nickname: 'A' },
    });
    expect(answer.errCode).toBe(ErrCode.ARGS);
    expect(answer.errDlt).toContain('incorrect password format');
  });

  it('logs in with a login code', async () => {
    const user = await registerUser(server);
    const verifyCode = await codeFor(user.email, UsedFor.LOGIN);
    const answer = await login({ email: user.email, verifyCode });
    expect(answer.errCode).toBe(0);
  });

  it('kicks the older session on a new login on the same platform (1506)', async () => {
    const user = await registerUser(server);
    const second = await login({ email: user.email, password: user.password });
    const old = await whoAmI(user);
    expect(old.errCode).toBe(ErrCode.TOKEN_KICKED);
    expect(old.status).toBe(401);
    expect((await whoAmI(second.data!)).errCode).toBe(0);
    const oldIm = await post(server, '/api/user/get_users_info', { userIDs: [user.userID] }, user.imToken);
    expect(oldIm.errCode).toBe(ErrCode.TOKEN_KICKED);
  });

  it('keeps sessions on other platforms', async () => {
    const user = await registerUser(server);
    const other = await login({ email: user.email, password: user.password, platform: 1 });
    expect((await whoAmI(other.data!)).errCode).toBe(0);
    expect((await whoAmI(user)).errCode).toBe(0);
  });

  it('changes the password with the old one and ends the other sessions (1501)', async () => {
    const user = await registerUser(server);
    const phone = (await login({ email: user.email, password: user.password, platform: 1 })).data!;
    const wrong = await post(
      server,
      '/chat/account/password/change',
      { userID: user.userID, currentPassword: 'nope1234', newPassword: 'fresh123' },
      user.chatToken,
    );
    expect(wrong.errCode).toBe(ErrCode.PASSWORD_ERROR);
    const change = await post(
      server,
      '/chat/account/password/change',
      { userID: user.userID, currentPassword: user.password, newPassword: 'fresh123' },
      user.chatToken,
    );
    expect(change.errCode).toBe(0);
    expect((await whoAmI(user)).errCode).toBe(0);
    expect((await whoAmI(phone)).errCode).toBe(ErrCode.TOKEN_EXPIRED);
    expect((await login({ email: user.email, password: user.password })).errCode).toBe(20001);
    expect((await login({ email: user.email, password: 'fresh123' })).errCode).toBe(0);
  });

  it("refuses to change another user's password with 1002", async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const answer = await post(
      server,
      '/chat/account/password/change',
      { userID: b.userID, currentPassword: b.password, newPassword: 'fresh123' },
      a.chatToken,
    );
    expect(answer.errCode).toBe(ErrCode.NO_PERMISSION);
    expect(answer.status).toBe(403);
  });

  it('resets a forgotten password with a code and ends every session', async () => {
    const user = await registerUser(server);
    const verifyCode = await codeFor(user.email, UsedFor.RESET_PASSWORD);
    const reset = await post(server, '/chat/account/password/reset', {
      email: user.email,
      verifyCode,
      password: 'reset123',
    });
    expect(reset.errCode).toBe(0);
    expect((await whoAmI(user)).errCode).toBe(ErrCode.TOKEN_EXPIRED);
    expect((await login({ email: user.email, password: 'reset123' })).errCode).toBe(0);
  });

  it('logs out: the token then answers 1501', async () => {
    const user = await registerUser(server);
    expect((await post(server, '/chat/account/logout', {}, user.chatToken)).errCode).toBe(0);
    expect((await whoAmI(user)).errCode).toBe(ErrCode.TOKEN_EXPIRED);
  });

  it('answers the token codes: 1507 missing, 1503 malformed, 1502 bad signature or wrong kind', async () => {
    const user = await registerUser(server);
    expect((await post(server, '/chat/user/find/full', { userIDs: ['x'] })).errCode).toBe(
      ErrCode.TOKEN_MISSING,
    );
    expect((await whoAmI({ userID: user.userID, chatToken: 'garbage' })).errCode).toBe(
      ErrCode.TOKEN_MALFORMED,
    );
    const [head, body] = user.chatToken.split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    expect((await whoAmI({ userID: user.userID, chatToken: forged })).errCode).toBe(ErrCode.TOKEN_INVALID);
    // The IM token is not a chat token.
    expect((await whoAmI({ userID: user.userID, chatToken: user.imToken })).errCode).toBe(
      ErrCode.TOKEN_INVALID,
    );
  });

  it('limits login attempts per account with 429, Retry-After and 20005', async () => {
    const user = await registerUser(server);
    let last = await login({ email: user.email, password: 'wrong999' });
    for (let i = 0; i < 10; i += 1) last = await login({ email: user.email, password: 'wrong999' });
    expect(last.errCode).toBe(ErrCode.TOO_FREQUENT);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
