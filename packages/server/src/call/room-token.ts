import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ErrCode, RTC_TOKEN_TTL_S } from '@im/protocol';
import { AppError } from '../http/app-error.ts';

const AUDIENCE = 'rtc-room';

/** Who a valid room token lets in: one user, one room. */
export interface RoomGrant {
  room: string;
  userID: string;
}

/**
 * The short-lived room token of `/chat/user/rtc/get_token` (docs/api.md): a JWT `{ room, sub, exp }`.
 * Its key is derived from the server's secret, so a room token is never a session token and the
 * other way round. `now` is the call area's clock (tests move it to expire tokens).
 */
export class RoomTokens {
  readonly #key: Uint8Array;
  readonly #now: () => number;

  constructor(secret: Uint8Array, now: () => number) {
    this.#key = createHmac('sha256', secret).update('rtc-room-token').digest();
    this.#now = now;
  }

  async sign(grant: RoomGrant): Promise<string> {
    const nowS = Math.floor(this.#now() / 1000);
    return new SignJWT({ room: grant.room })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(grant.userID)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + RTC_TOKEN_TTL_S)
      .sign(this.#key);
  }

  /** The grant of a valid token; 1501 when it expired, 1502/1503 when it is bad or missing. */
  async verify(token: string | undefined): Promise<RoomGrant> {
    if (!token) throw new AppError(ErrCode.TOKEN_MALFORMED, { detail: 'no room token' });
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.#now()),
      });
      if (typeof payload.room !== 'string' || typeof payload.sub !== 'string')
        throw new AppError(ErrCode.TOKEN_INVALID, { detail: 'not a room token' });
      return { room: payload.room, userID: payload.sub };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError(ErrCode.TOKEN_EXPIRED);
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWSInvalid))
        throw new AppError(ErrCode.TOKEN_INVALID);
      throw new AppError(ErrCode.TOKEN_MALFORMED);
    }
  }
}
