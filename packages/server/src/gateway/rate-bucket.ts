/**
 * A token bucket per socket: `burst` frames at once, refilled at `perSecond`. A client that keeps
 * sending faster than that is misbehaving (the sdk sends a few frames a second at most, and a sync's
 * pulls one after another), so the gateway closes it. A socket lives on one node, so its bucket needs no
 * shared store (unlike the account limits of src/http/rate-limiter.ts, built in src/app.ts).
 */
export class RateBucket {
  readonly #burst: number;
  readonly #perMs: number;
  // Numbers from the start: a field that first held `undefined` keeps a new boxed number for each
  // time written, where a number field is written in place (one box per socket, not one per frame).
  #tokens = 0;
  #at = 0;

  constructor(burst: number, perSecond: number, now = Date.now()) {
    this.#burst = burst;
    this.#perMs = perSecond / 1000;
    this.#tokens = burst;
    this.#at = now;
  }

  /** Takes one token; false when none is left. */
  take(now = Date.now()): boolean {
    this.#tokens = Math.min(this.#burst, this.#tokens + (now - this.#at) * this.#perMs);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
