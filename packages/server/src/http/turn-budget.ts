/**
 * Work started in one turn of the event loop is bounded by time: while the turn has spent less than
 * `budgetMs` since its first start, `pass` starts the caller at once; after that, the caller (and any
 * that come while others wait) starts in a later turn, in arrival order. The gateway's upgrades and
 * requests and the signed-in HTTP calls pass through it, so that a burst of them, each needing no I/O
 * of its own (SQLite answers synchronously), cannot hold the loop for seconds: in a reconnect storm one
 * turn started ~1,000 pulls and ran for 0.8 s while no timer fired and no login was answered
 * (docs/decisions.md#reconnect-storm). A concurrency bound (request-slots.ts) cannot see such work,
 * since each request has ended before the next socket is read.
 *
 * A turn opens at its first start and closes at the loop's check phase (`setImmediate`); a waiter
 * tries again from there, each in an immediate of its own, so the work it starts runs before the next
 * one looks at the clock.
 */
/** About a frame at 60 Hz: a turn past it lets the next work wait for the sockets to be read again. */
export const TURN_BUDGET_MS = 16;

export class TurnBudget {
  readonly #budgetMs: number;
  #turnOpen = false;
  #turnStartedAt = 0;
  #waiting = 0;

  constructor(budgetMs: number) {
    this.#budgetMs = budgetMs;
  }

  /** Callers waiting for a later turn (tests and operations). */
  get waiting(): number {
    return this.#waiting;
  }

  /** Calls `go` at once while this turn has time left and nobody waits, else in a later turn. */
  pass(go: () => void): void {
    if (this.#waiting === 0 && this.#hasTime()) return go();
    this.#waiting += 1;
    setImmediate(() => this.#retry(go));
  }

  /** `pass` as a promise, for async callers. */
  turn(): Promise<void> {
    return new Promise((resolve) => this.pass(resolve));
  }

  #retry(go: () => void): void {
    if (!this.#hasTime()) return void setImmediate(() => this.#retry(go));
    this.#waiting -= 1;
    go();
  }

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
