import { describe, expect, it } from 'vitest';
import { ErrCode, UsedFor } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { post, REGISTERING_ENV, SUPER_CODE, uniqueEmail } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const register = (server: TestServer, invitationCode?: string) =>
  post(server, '/chat/account/register', {
    verifyCode: SUPER_CODE,
    invitationCode,
    platform: 5,
    user: { email: uniqueEmail(), password: 'abc123', nickname: 'Invited' },
  });

describe('invitation codes, when configured', () => {
  const { server } = useSuiteServer({ env: { INVITATION_CODES: 'WELCOME1, WELCOME2' } });

  it('answers 20011 without a code or with an unknown one', async () => {
    expect((await register(server)).errCode).toBe(ErrCode.INVITATION_NOT_FOUND);
    const unknown = await register(server, 'NOPE');
    expect(unknown.errCode).toBe(ErrCode.INVITATION_NOT_FOUND);
    expect(unknown.errMsg).toBe('invitation code does not exist');
  });

  it('accepts a code once, then answers 20010', async () => {
    expect((await register(server, 'WELCOME1')).errCode).toBe(0);
    const again = await register(server, 'WELCOME1');
    expect(again.errCode).toBe(ErrCode.INVITATION_USED);
    expect(again.errMsg).toBe('invitation code already used');
  });

  it('checks the code before sending a registration code', async () => {
    const email = uniqueEmail();
    const answer = await post(server, '/chat/account/code/send', {
      email,
      usedFor: UsedFor.REGISTER,
      invitationCode: 'NOPE',
    });
    expect(answer.errCode).toBe(ErrCode.INVITATION_NOT_FOUND);
    expect(server.codes.has(`email:${email}`)).toBe(false);
  });
});

describe('invitation codes, when not configured', () => {
  it('are optional', async () => {
    const server = await startTestServer({ env: REGISTERING_ENV });
    try {
      expect((await register(server)).errCode).toBe(0);
      expect((await register(server, 'ANYTHING')).errCode).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('closed registration', () => {
  it('answers 20012 to registration and its codes', async () => {
    const server = await startTestServer({ env: { ...REGISTERING_ENV, REGISTRATION: 'closed' } });
    try {
      const answer = await register(server);
      expect(answer.errCode).toBe(ErrCode.RESTRICTED);
      expect(answer.errMsg).toBe('operation restricted');
      expect(answer.status).toBe(403);
      const code = await post(server, '/chat/account/code/send', {
        email: uniqueEmail(),
        usedFor: UsedFor.REGISTER,
      });
      expect(code.errCode).toBe(ErrCode.RESTRICTED);
    } finally {
      await server.close();
    }
  });
});
