import { ErrCode } from '@im/protocol';
import { AppError } from './app-error.ts';

interface Window {
  /** When the window ends: until then its count stands (docs/operations.md#limits). */
  end: number;
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

export interface MemoryRateLimiterOptions {
  /** Windows held at most (RATE_LIMIT_KEYS); past it, new keys are refused. */
  capacity?: number;
}

function tooFrequent(retryAfter: number): AppError {
  return new AppError(ErrCode.TOO_FREQUENT, { retryAfter, detail: `retry after ${retryAfter}s` });
}

/**
 * Fixed-window counters in memory (one node). A live window is never dropped: forgetting one would
 * lift the lockout it holds. Memory stays bounded because expired windows are evicted, and when the
 * table is full of live ones, a new key is refused (20005) rather than an old one forgotten.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #capacity: number;
  /** When the table was last swept, and when its earliest live window ends (for Retry-After). */
  #sweptAt = -Infinity;
  #nextEnd = Infinity;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.#capacity = options.capacity ?? 100_000;
  }

  /** Windows held now (tests and operations). */
  get size(): number {
    return this.#windows.size;
  }

  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<void> {
    let window = this.#windows.get(key);
    if (window && now >= window.end) {
      // Its own window is over: the key keeps its slot with a fresh count.
      window.end = now + windowMs;
      window.count = 0;
    } else if (!window) {
      if (this.#windows.size >= this.#capacity) this.#sweep(now);
      if (this.#windows.size >= this.#capacity)
        throw tooFrequent(Math.max(1, Math.ceil((this.#nextEnd - now) / 1000)));
      window = { end: now + windowMs, count: 0 };
      this.#windows.set(key, window);
      if (window.end < this.#nextEnd) this.#nextEnd = window.end;
    }
    window.count += 1;
    if (window.count > limit) throw tooFrequent(Math.max(1, Math.ceil((window.end - now) / 1000)));
  }

  /**
   * Evicts the expired windows. A full table of live ones is swept again only once its earliest
   * window has ended (or a second later), so a flood of new keys costs one scan, not one per key.
   */
  #sweep(now: number): void {
    if (now < this.#nextEnd && now - this.#sweptAt < 1000) return;
    this.#sweptAt = now;
    this.#nextEnd = Infinity;
    for (const [key, window] of this.#windows) {
      if (now >= window.end) this.#windows.delete(key);
      else if (window.end < this.#nextEnd) this.#nextEnd = window.end;
    }
  }
}
