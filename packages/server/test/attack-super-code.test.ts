import { describe, expect, it } from 'vitest';
import { ErrCode, UsedFor } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { loadConfig } from '../src/config/config.ts';
import { startTestServer } from '../src/testing.ts';
import { databases, post, registerUser, SUPER_CODE } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * No master code in production (docs/operations.md#secrets-and-codes): SUPER_CODE needs
 * ALLOW_SUPER_CODE=1 to start (the warning at every start is checked in server-process.test.ts), and
 * even then it only registers new accounts: it never resets a password and never logs in.
 */
describe('SUPER_CODE without ALLOW_SUPER_CODE=1', () => {
  it('stops the start with a message that names both', async () => {
    expect(() => loadConfig({ SUPER_CODE })).toThrow(/SUPER_CODE.*ALLOW_SUPER_CODE=1/);
    expect(() => loadConfig({ SUPER_CODE, ALLOW_SUPER_CODE: '0' })).toThrow(/ALLOW_SUPER_CODE=1/);
    await expect(startTestServer({ env: { SUPER_CODE } })).rejects.toThrow(/ALLOW_SUPER_CODE=1/);
    expect(loadConfig({ SUPER_CODE, ALLOW_SUPER_CODE: '1' }).SUPER_CODE).toBe(SUPER_CODE);
  });
});

describe.each(databases)('the super code on %s', (database) => {
  const { server } = useSuiteServer({ database });
  const login = (body: object) => post<LoginResp>(server, '/chat/account/login', { platform: 5, ...body });
  const reset = (email: string) =>
    post(server, '/chat/account/password/reset', { email, verifyCode: SUPER_CODE, password: 'taken999' });

  it('registers a new account', async () => {
    const user = await registerUser(server);
    expect(user.userID).toMatch(/^\d{10}$/);
  });

  it('never resets a password, with or without a live reset code', async () => {
    const victim = await registerUser(server);
    expect((await reset(victim.email)).errCode).toBe(ErrCode.CODE_INCORRECT);
    await post(server, '/chat/account/code/send', { email: victim.email, usedFor: UsedFor.RESET_PASSWORD });
    expect((await reset(victim.email)).errCode).toBe(ErrCode.CODE_INCORRECT);
    expect((await login({ email: victim.email, password: 'taken999' })).errCode).toBe(ErrCode.PASSWORD_ERROR);
    expect((await login({ email: victim.email, password: victim.password })).errCode).toBe(0);
  });

  it('never logs in by code, with or without a live login code', async () => {
    const victim = await registerUser(server);
    const byCode = () => login({ email: victim.email, verifyCode: SUPER_CODE });
    const first = await byCode();
    expect(first.errCode).toBe(ErrCode.CODE_INCORRECT);
    expect(first.data).toBeUndefined();
    await post(server, '/chat/account/code/send', { email: victim.email, usedFor: UsedFor.LOGIN });
    expect((await byCode()).errCode).toBe(ErrCode.CODE_INCORRECT);
  });
});
