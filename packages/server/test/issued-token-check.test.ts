import { createHmac, createSecretKey, webcrypto } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issuedTokens } from '../src/auth/issued-token-check.ts';
import { TokenService } from '../src/auth/token-service.ts';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/storage/database.ts';
import type { Database } from '../src/storage/database.ts';

const secret = new TextEncoder().encode('a test secret of at least thirty-two bytes');
const other = new TextEncoder().encode('another secret of at least thirty-two bytes');
const ISSUER = 'messenger';
const now = Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact token of any header and claims (bytes as given), HMAC-signed with `key`. */
function handmade(header: string, body: string, key = secret): string {
  return `${header}.${body}.${createHmac('sha256', key).update(`${header}.${body}`).digest('base64url')}`;
}

function issued(claims: Record<string, unknown>, key = secret): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
}

/**
 * The synchronous check of the tokens this server issues (src/auth/issued-token-check.ts) accepts
 * only what jose accepts, with the same claims; anything else is left to jose.
 */
describe('the synchronous check of issued tokens', () => {
  it('accepts only tokens jose accepts, with the same claims', async () => {
    const good = { kind: 'im', platform: 5, sub: 'u1', jti: 't1', iss: ISSUER, iat: now, exp: now + 60 };
    const header = b64({ alg: 'HS256' });
    const valid = await issued(good);
    const signature = valid.split('.')[2];
    const tokens = [
      valid,
      await issued({ ...good, exp: now - 1 }),
      await issued({ ...good, exp: now }),
      await issued({ ...good, exp: String(now + 60) }),
      await issued({ ...good, exp: undefined }),
      await issued({ ...good, nbf: now + 60 }),
      await issued({ ...good, nbf: now - 60 }),
      await issued({ ...good, iss: 'someone else' }),
      await issued({ ...good, iss: undefined }),
      await issued({ ...good, iat: 'yesterday' }),
      await issued(good, other),
      await new SignJWT(good).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret),
      await new SignJWT(good).setProtectedHeader({ alg: 'HS512' }).sign(secret),
      handmade(b64({ alg: 'none' }), b64(good)),
      handmade(header, b64([good])),
      handmade(header, Buffer.from('not json').toString('base64url')),
      handmade(header, Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')),
      `${header}.${b64({ ...good, sub: 'u2' })}.${signature}`,
      `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`,
      `${valid}=`,
      `${valid}.x`,
      valid.split('.').slice(0, 2).join('.'),
      '',
    ];
    const key = createSecretKey(secret);
    const cryptoKey = await webcrypto.subtle.importKey(
      'raw',
      secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    let accepted = 0;
    for (const token of tokens) {
      const quick = issuedTokens.check(token, key, ISSUER, now);
      if (!quick) continue;
      accepted += 1;
      const { payload } = await jwtVerify(token, cryptoKey, { issuer: ISSUER, algorithms: ['HS256'] });
      expect(quick).toEqual(payload);
    }
    expect(accepted).toBe(1);
  });

  describe('in the token service', () => {
    let dataDir: string;
    let db: Database;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'im-token-'));
      ({ db } = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })));
    });

    afterAll(async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('verifies a token it issued without a WebCrypto job, and still refuses a forged one', async () => {
      const tokens = new TokenService(db, secret, 1);
      const { imToken, tokenID } = await tokens.issue('u1', 5);
      const subtle = vi.spyOn(webcrypto.subtle, 'verify');
      try {
        await expect(tokens.verify(imToken, 'im')).resolves.toEqual({ userID: 'u1', tokenID, platform: 5 });
        expect(subtle).not.toHaveBeenCalled();
        const forged = await issued(
          { kind: 'im', sub: 'u1', jti: tokenID, iss: ISSUER, exp: now + 60 },
          other,
        );
        await expect(tokens.verify(forged, 'im')).rejects.toMatchObject({ errCode: 1502 });
      } finally {
        subtle.mockRestore();
      }
    });
  });
});
