import { ErrCode, VERIFY_CODE_RESEND_MS } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';

const MINUTE = 60_000;

/** Per-account and per-IP limits on code sending and login (429 with Retry-After and 20005). */
export class AccountLimits {
  readonly #limiter: RateLimiter;

  constructor(limiter: RateLimiter) {
    this.#limiter = limiter;
  }

  /** One code a minute per account, 10 an hour per account, 30 an hour per IP. */
  async codeSend(ip: string, account: string, lastSent: number, now = Date.now()): Promise<void> {
    const wait = lastSent + VERIFY_CODE_RESEND_MS - now;
    if (wait > 0) {
      const retryAfter = Math.ceil(wait / 1000);
      throw new AppError(ErrCode.TOO_FREQUENT, { retryAfter, detail: `retry after ${retryAfter}s` });
    }
    await this.#limiter.hit(`code:account:${account}`, 10, 60 * MINUTE, now);
    await this.#limiter.hit(`code:ip:${ip}`, 30, 60 * MINUTE, now);
  }

  /** 10 login attempts per account in 5 minutes, 100 per IP a minute. */
  async login(ip: string, account: string, now = Date.now()): Promise<void> {
    await this.#limiter.hit(`login:account:${account}`, 10, 5 * MINUTE, now);
    if (ip) await this.#limiter.hit(`login:ip:${ip}`, 100, MINUTE, now);
  }
}
