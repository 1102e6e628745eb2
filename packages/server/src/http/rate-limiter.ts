import { ErrCode } from '@im/protocol';
import { AppError } from './app-error.ts';

interface Window {
  start: number;
  count: number;
}

/**
 * Fixed-window counters in memory (one node). The scale-out issue moves them to Redis behind the
 * same `hit` call. Old windows are swept as they are met, and all of them past a size bound.
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();

  /** Counts one event for the key; past `limit` in `windowMs` it throws 20005 with Retry-After. */
  hit(key: string, limit: number, windowMs: number, now = Date.now()): void {
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
