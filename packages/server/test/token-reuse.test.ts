import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrCode } from '@im/protocol';
import { issuedTokens } from '../src/auth/issued-token-check.ts';
import { AppError } from '../src/http/app-error.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * A token presented again (a reconnect's upgrade, the gateway's second look, the sync's HTTP calls)
 * is not HMAC-checked again, while its session row still decides on every call
 * (src/auth/verified-tokens.ts, docs/decisions.md#sessions-in-the-database-tokens-as-jwts).
 */
describe.each(databases)('token verification on %s', (database) => {
  const { server } = useSuiteServer({ database });
  const tokens = () => server.app.messenger.tokens;
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 0,
      (error: unknown) => (error instanceof AppError ? error.errCode : -1),
    );

  afterEach(() => vi.restoreAllMocks());

  it('checks a token’s signature once, and its session on every call', async () => {
    // Checked by jose's WebCrypto job or, for a token as this server issues them, by a synchronous HMAC.
    const verify = vi.spyOn(webcrypto.subtle, 'verify');
    const check = vi.spyOn(issuedTokens, 'check');
    const { imToken } = await tokens().issue('u-reuse', 5);
    for (let i = 0; i < 3; i += 1) expect((await tokens().verify(imToken, 'im')).userID).toBe('u-reuse');
    expect(verify.mock.calls.length + check.mock.calls.length).toBe(1);
    // A newer login on the same platform kicks the session: the remembered token answers 1506 at once.
    await tokens().issue('u-reuse', 5);
    expect(await codeOf(tokens().verify(imToken, 'im'))).toBe(ErrCode.TOKEN_KICKED);
  });

  it('still refuses a remembered token of the other kind, and a token with one character of its signature changed', async () => {
    const { imToken } = await tokens().issue('u-kind', 5);
    await tokens().verify(imToken, 'im');
    expect(await codeOf(tokens().verify(imToken, 'chat'))).toBe(ErrCode.TOKEN_INVALID);
    // A character inside the signature (the last one may carry only padding bits).
    const at = imToken.length - 10;
    const changed = `${imToken.slice(0, at)}${imToken[at] === 'A' ? 'B' : 'A'}${imToken.slice(at + 1)}`;
    expect(await codeOf(tokens().verify(changed, 'im'))).toBe(ErrCode.TOKEN_INVALID);
  });
});
