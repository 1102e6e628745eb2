import { createSecretKey, randomUUID, webcrypto } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { errors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import { ErrCode } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import { issuedTokens } from './issued-token-check.ts';
import { VerifiedTokens } from './verified-tokens.ts';
import { runCompiled } from '../storage/compiled-query.ts';

/** Which service a token is for: the chat service (`/chat`) or the IM API and gateway (`/api`). */
export type TokenKind = 'chat' | 'im';

export interface AuthContext {
  userID: string;
  tokenID: string;
  platform: number;
}

export const SessionStatus = { Active: 0, Kicked: 1, Revoked: 2 } as const;

export interface SessionEnded {
  userID: string;
  tokenIDs: string[];
  /** kicked: a newer login on the same platform; revoked: logout or password change. */
  reason: 'kicked' | 'revoked';
}

const ISSUER = 'messenger';

/** The code of a jose failure: 1501 expired … 1504 not yet valid (docs/decisions.md#protocol-conventions). */
function codeOfJoseError(error: unknown): number {
  if (error instanceof errors.JWTExpired) return ErrCode.TOKEN_EXPIRED;
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf')
    return ErrCode.TOKEN_NOT_VALID_YET;
  if (error instanceof errors.JWSSignatureVerificationFailed) return ErrCode.TOKEN_INVALID;
  if (error instanceof errors.JWTClaimValidationFailed) return ErrCode.TOKEN_INVALID;
  return ErrCode.TOKEN_MALFORMED;
}

/**
 * Sessions and their tokens. A login is a session row; its IM and chat tokens are JWTs that carry
 * the session id, so a kick (newer login on the same platform) or a revoke (logout, password change)
 * ends both at once. Listeners of `ended` close the gateway sockets of ended sessions.
 */
export class TokenService {
  readonly #db: Database;
  /** The secret imported once as an HMAC key: jose would import a raw secret again on every call. */
  readonly #key: Promise<webcrypto.CryptoKey>;
  /** The same secret for the synchronous check of the tokens as issued (issued-token-check.ts). */
  readonly #hmacKey: KeyObject | undefined;
  readonly #ttlMs: number;
  readonly #verified = new VerifiedTokens();
  readonly #events = new EventEmitter<{ ended: [SessionEnded] }>();

  constructor(db: Database, secret: Uint8Array, ttlDays: number) {
    this.#db = db;
    this.#key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    // A refused import (no usable secret) is answered to each call that awaits the key, not crashed on.
    this.#key.catch(() => undefined);
    this.#hmacKey = secret.length > 0 ? createSecretKey(secret) : undefined;
    this.#ttlMs = ttlDays * 24 * 3600 * 1000;
  }

  onEnded(listener: (event: SessionEnded) => void): void {
    this.#events.on('ended', listener);
  }

  /** A new session for the user on the platform; older active sessions on that platform are kicked. */
  async issue(
    userID: string,
    platform: number,
  ): Promise<{ imToken: string; chatToken: string; tokenID: string }> {
    const now = Date.now();
    const tokenID = randomUUID();
    const kicked = await this.#db
      .updateTable('sessions')
      .set({ status: SessionStatus.Kicked })
      .where('userId', '=', userID)
      .where('platform', '=', platform)
      .where('status', '=', SessionStatus.Active)
      .returning('tokenId')
      .execute();
    await this.#db
      .insertInto('sessions')
      .values({
        tokenId: tokenID,
        userId: userID,
        platform,
        status: SessionStatus.Active,
        createTime: now,
        expireTime: now + this.#ttlMs,
      })
      .execute();
    if (kicked.length > 0)
      this.#events.emit('ended', { userID, tokenIDs: kicked.map((k) => k.tokenId), reason: 'kicked' });
    const [imToken, chatToken] = await Promise.all([
      this.#sign(userID, tokenID, platform, 'im', now),
      this.#sign(userID, tokenID, platform, 'chat', now),
    ]);
    return { imToken, chatToken, tokenID };
  }

  async #sign(
    userID: string,
    tokenID: string,
    platform: number,
    kind: TokenKind,
    now: number,
  ): Promise<string> {
    return new SignJWT({ kind, platform })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userID)
      .setJti(tokenID)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + this.#ttlMs) / 1000))
      .sign(await this.#key);
  }

  /**
   * The session a token belongs to, or an AppError with its token code
   * (docs/decisions.md#protocol-conventions).
   */
  async verify(token: string | undefined, kind: TokenKind): Promise<AuthContext> {
    if (!token) throw new AppError(ErrCode.TOKEN_MISSING);
    const nowSeconds = Math.floor(Date.now() / 1000);
    let payload = this.#verified.get(token, nowSeconds);
    if (!payload && this.#hmacKey) {
      const claims = issuedTokens.check(token, this.#hmacKey, ISSUER, nowSeconds);
      if (claims)
        this.#verified.add(token, { sub: claims.sub, jti: claims.jti, kind: claims.kind, exp: claims.exp });
      payload = claims;
    }
    if (!payload) {
      try {
        ({ payload } = await jwtVerify(token, await this.#key, { issuer: ISSUER, algorithms: ['HS256'] }));
      } catch (error) {
        throw new AppError(codeOfJoseError(error));
      }
      // Only what is read below is kept: the cache holds one entry per recent token.
      this.#verified.add(token, { sub: payload.sub, jti: payload.jti, kind: payload.kind, exp: payload.exp });
    }
    if (payload.kind !== kind || !payload.sub || !payload.jti) throw new AppError(ErrCode.TOKEN_INVALID);
    // Plain SQL (the same on both databases): every HTTP call and every upgrade reads it
    // (docs/decisions.md#hot-reads-in-plain-sql).
    const { rows } = await runCompiled(
      this.#db,
      'session-by-token',
      () => sql<{ status: number; userId: string; platform: number }>`
      SELECT status, user_id, platform FROM sessions WHERE token_id = ${''}`,
      [payload.jti],
    );
    const session = rows[0];
    if (!session || session.userId !== payload.sub) throw new AppError(ErrCode.TOKEN_UNKNOWN);
    if (session.status === SessionStatus.Kicked) throw new AppError(ErrCode.TOKEN_KICKED);
    if (session.status !== SessionStatus.Active) throw new AppError(ErrCode.TOKEN_EXPIRED);
    return { userID: session.userId, tokenID: payload.jti, platform: session.platform };
  }

  /** Ends one session (logout). */
  async revoke(tokenID: string): Promise<void> {
    const ended = await this.#db
      .updateTable('sessions')
      .set({ status: SessionStatus.Revoked })
      .where('tokenId', '=', tokenID)
      .where('status', '=', SessionStatus.Active)
      .returning('userId')
      .execute();
    if (ended[0])
      this.#events.emit('ended', { userID: ended[0].userId, tokenIDs: [tokenID], reason: 'revoked' });
  }

  /** Ends every session of the user but `keep` (password change or reset). */
  async revokeOthers(userID: string, keep?: string): Promise<void> {
    let query = this.#db
      .updateTable('sessions')
      .set({ status: SessionStatus.Revoked })
      .where('userId', '=', userID)
      .where('status', '=', SessionStatus.Active);
    if (keep) query = query.where('tokenId', '!=', keep);
    const ended = await query.returning('tokenId').execute();
    if (ended.length > 0)
      this.#events.emit('ended', { userID, tokenIDs: ended.map((e) => e.tokenId), reason: 'revoked' });
  }
}
