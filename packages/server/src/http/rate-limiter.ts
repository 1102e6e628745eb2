import { ErrCode } from '@im/protocol';
import { AppError } from './app-error.ts';

interface Window {
  start: number;
  count: number;
}

/**
 * Counters of events per key over fixed windows (account and login limits). Built once in the app's
 * composition root (src/app.ts); asynchronous so that the scale-out issue can put a Redis-backed one
 * in its place without touching the areas that count.
 */
export interface RateLimiter {
  /** Counts one event for the key; past `limit` in `windowMs` it rejects with 20005 and Retry-After. */
  hit(key: string, limit: number, windowMs: number, now?: number): Promise<void>;
}

/**
 * Fixed-window counters in memory (one node). Old windows are swept as they are met, and all of them
 * past a size bound.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, Window>();

  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<void> {
    let window = this.#windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (this.#windows.size > 100_000) this.#windows.clear();
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
      throw new AppError(ErrCode.TOO_FREQUENT, { retryAfter, detail: `retry after ${retryAfter}s` });
    }
  }
}
