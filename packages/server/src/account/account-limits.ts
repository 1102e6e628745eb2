import { ErrCode, VERIFY_CODE_RESEND_MS } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The calls that answer whether an account exists, each with its own windows. */
export type AccountCall = 'code' | 'register' | 'reset';

export interface AccountLimitSettings {
  /** Requests per client address an hour, for each call (ACCOUNT_LIMIT_PER_IP). */
  perIp: number;
  /** Requests per account an hour, for each call (ACCOUNT_LIMIT_PER_ACCOUNT). */
  perAccount: number;
}

/**
 * Per-IP and per-account limits on the account calls and login (429 with Retry-After and 20005,
 * docs/operations.md#limits). Each request counts before the account is looked up, whatever it
 * answers, so that the distinct answers the product names (20002, 20003, 20004) cannot be harvested
 * fast. The address is counted first: a client over its own limit adds no account keys.
 */
export class AccountLimits {
  readonly #limiter: RateLimiter;
  readonly #settings: AccountLimitSettings;

  constructor(limiter: RateLimiter, settings: AccountLimitSettings = { perIp: 30, perAccount: 10 }) {
    this.#limiter = limiter;
    this.#settings = settings;
  }

  /** One request to code/send, register or password/reset, counted before anything is looked up. */
  async accountCall(call: AccountCall, ip: string, account: string, now = Date.now()): Promise<void> {
    await this.#limiter.hit(`${call}:ip:${ip}`, this.#settings.perIp, HOUR, now);
    await this.#limiter.hit(`${call}:account:${account}`, this.#settings.perAccount, HOUR, now);
  }

  /** One code a minute per account and purpose (docs/product.md#validation). */
  codeResend(lastSent: number, now = Date.now()): void {
    const wait = lastSent + VERIFY_CODE_RESEND_MS - now;
    if (wait > 0) {
      const retryAfter = Math.ceil(wait / 1000);
      throw new AppError(ErrCode.TOO_FREQUENT, { retryAfter, detail: `retry after ${retryAfter}s` });
    }
  }

  /** 100 login attempts per IP a minute, 10 per account in 5 minutes. */
  async login(ip: string, account: string, now = Date.now()): Promise<void> {
    if (ip) await this.#limiter.hit(`login:ip:${ip}`, 100, MINUTE, now);
    await this.#limiter.hit(`login:account:${account}`, 10, 5 * MINUTE, now);
  }
}
