import { describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import { postAs, tally } from './support/attack.ts';
import { databases, registerUser, REGISTERING_ENV, uniqueEmail } from './support/http.ts';

/**
 * A lockout is not lifted by flooding the limiter with junk keys (docs/operations.md#limits): the
 * server holds RATE_LIMIT_KEYS windows (a small number here, 100,000 by default) and refuses new keys
 * past it instead of forgetting the live ones.
 */
describe.each(databases)('a junk-key flood on %s', (database) => {
  it('answers 20005 to new keys past RATE_LIMIT_KEYS and keeps the account locked', async () => {
    const server = await startTestServer({ database, env: { ...REGISTERING_ENV, RATE_LIMIT_KEYS: '40' } });
    try {
      const victim = await registerUser(server);
      const login = (email: string, password: string) =>
        postAs(server, '/chat/account/login', { email, password, platform: 5 });
      for (let i = 0; i < 10; i += 1)
        expect((await login(victim.email, 'guess1234')).errCode).toBe(ErrCode.PASSWORD_ERROR);
      expect((await login(victim.email, 'guess1234')).errCode).toBe(ErrCode.TOO_FREQUENT);

      const junk = [];
      for (let i = 0; i < 60; i += 1) junk.push(await login(uniqueEmail('junk'), 'junk1234'));
      const counts = tally(junk);
      expect(counts[ErrCode.TOO_FREQUENT]).toBeGreaterThanOrEqual(20);
      expect(junk.at(-1)).toMatchObject({ errCode: ErrCode.TOO_FREQUENT, status: 429 });

      // Even the right password waits out the lockout.
      expect((await login(victim.email, victim.password)).errCode).toBe(ErrCode.TOO_FREQUENT);
    } finally {
      await server.close();
    }
  });
});
