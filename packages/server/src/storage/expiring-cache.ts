/**
 * Rows kept in memory for a while, read through on a miss (the message hot path's caches:
 * user/user-cache.ts, message/one-to-one-facts-cache.ts). `forget` drops entries at once; a read
 * that was in flight while any forget came is answered but not kept, since it may have read the rows
 * before the change. The TTL bounds how long another node's change may go unseen when its forget
 * (the bus's `invalidate` event) was lost.
 *
 * An entry lives between half the TTL and the whole of it, at random: entries read together (the
 * first sends after a start, a reconnect storm) would otherwise all end in the same second and be
 * read again together, a burst of reads in the middle of the sends (docs/decisions.md "The message
 * hot path").
 */
export class ExpiringCache<V> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, { value: V; until: number }>();
  /** Bumped by every forget; a read keeps its answer only when none came meanwhile. */
  #generation = 0;

  readonly #random: () => number;

  /** `random` (0 to 1) picks each entry's life within the TTL; tests fix it. */
  constructor(ttlMs: number, maxEntries: number, random: () => number = Math.random) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#random = random;
  }

  async get(key: string, read: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const generation = this.#generation;
    const value = await read();
    if (generation === this.#generation) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(key, { value, until: now + this.#ttlMs * (1 - this.#random() / 2) });
    }
    return value;
  }

  forget(...keys: string[]): void {
    this.#generation += 1;
    for (const key of keys) this.#entries.delete(key);
  }
}
