/** About a frame at 60 Hz: a turn past it lets the next work wait for the sockets to be read again. */
export const TURN_BUDGET_MS = 16;
/** Waiters that may start in one check phase at most; past the budget the rest try again next turn. */
const RETRY_WINDOW = 64;

/**
 * Work started in one turn of the event loop is bounded by time: while the turn has spent less than
 * `budgetMs` since its first start, `pass` starts the caller at once; after that, the caller (and any
 * that come while others wait) starts in a later turn, in arrival order. The gateway's upgrades and
 * requests (sends aside: gateway.ts) and the signed-in HTTP calls pass through it, so that a burst of
 * them, each needing no I/O of its own (SQLite answers synchronously), cannot hold the loop for
 * seconds: in a reconnect storm one turn started ~1,000 pulls and ran for 0.8 s while no timer fired
 * and no login was answered (docs/decisions.md#reconnect-storm). A concurrency bound
 * (request-slots.ts) cannot see such work, since each request has ended before the next socket is read.
 *
 * A turn opens at its first start and closes at the loop's check phase (`setImmediate`); the front
 * waiters try again from there, each in an immediate of its own, so the work one starts (its promise
 * continuations) runs before the next one looks at the clock.
 */
export class TurnBudget {
  readonly #budgetMs: number;
  readonly #waiting: (() => void)[] = [];
  /** Immediates scheduled to start the front waiters: a few, however many wait. */
  #retries = 0;
  #turnOpen = false;
  #turnStartedAt = 0;

  constructor(budgetMs: number) {
    this.#budgetMs = budgetMs;
  }

  /** Callers waiting for a later turn (tests and operations). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Calls `go` at once while this turn has time left and nobody waits, else in a later turn. */
  pass(go: () => void): void {
    if (this.#waiting.length === 0 && this.#hasTime()) return go();
    this.#waiting.push(go);
    this.#scheduleRetries();
  }

  /** `pass` as a promise, for async callers. */
  turn(): Promise<void> {
    return new Promise((resolve) => this.pass(resolve));
  }

  /**
   * Up to RETRY_WINDOW immediates, each starting the front waiter if the turn has time. Scheduled in
   * a check phase they run in the next one, so a storm's thousands of waiters cost a few immediates a
   * turn, not one each.
   */
  #scheduleRetries(): void {
    while (this.#retries < Math.min(RETRY_WINDOW, this.#waiting.length)) {
      this.#retries += 1;
      setImmediate(this.#retryFront);
    }
  }

  readonly #retryFront = (): void => {
    this.#retries -= 1;
    if (this.#waiting.length > 0 && this.#hasTime()) this.#waiting.shift()!();
    this.#scheduleRetries();
  };

  #hasTime(): boolean {
    const now = performance.now();
    if (!this.#turnOpen) {
      this.#turnOpen = true;
      this.#turnStartedAt = now;
      setImmediate(() => (this.#turnOpen = false));
    }
    return now - this.#turnStartedAt < this.#budgetMs;
  }
}

/** A route hook that starts the request within the budget (fastify's callback style). */
export function inTurn(turns: TurnBudget) {
  return (_request: unknown, _reply: unknown, done: () => void): void => turns.pass(done);
}
