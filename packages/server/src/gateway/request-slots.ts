/**
 * At most `max` tasks run at once, the others wait their turn in arrival order (the gateway's
 * requests; password hashing, auth/hash-gate.ts). For the gateway: at most `max` requests run at
 * once on this node. Throughput is the same (every request ends in the one database queue and the one event
 * loop), but a reconnect storm's thousands of pulls wait here instead of in the database's queue, so
 * that a login's or a page's query waits behind at most `max` of them, not behind the whole storm
 * (bench/results/reconnect-storm-latest.md: fresh logins over 1 s during the storm).
 */
export class RequestSlots {
  readonly #max: number;
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  constructor(max: number) {
    this.#max = max;
  }

  get max(): number {
    return this.#max;
  }

  /** Tasks running now and waiting (tests and operations). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#max) {
      // The slot is handed over by the finishing task, so `running` never drops in between.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The freed slot goes to the next waiter in a later turn of the event loop. Handed over at once,
      // a queue of requests that need no I/O (a storm's pulls: SQLite answers synchronously) ran as one
      // chain of promise continuations until it was empty, and no socket was read meanwhile: a login
      // waited for the whole queue (docs/decisions.md#reconnect-storm).
      if (next) setImmediate(next);
      else this.#running -= 1;
    }
  }
}
