import { ErrCode } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import { RequestSlots } from '../gateway/request-slots.ts';

/** Hashes at once: below libuv's pool of 4 threads, which file reads and writes need too. */
export const HASH_CONCURRENCY = 2;
/** Hashes waiting their turn at most; one more is refused at once (20005). */
export const HASH_QUEUE = 16;

/**
 * A bounded gate in front of password hashing. Each scrypt takes a libuv pool thread, 128 MiB and
 * about a third of a second at production cost: unbounded, a flood of wrong logins fills the pool
 * and every upload and page load waits behind it (docs/operations.md#limits). At most `concurrency`
 * run, at most `queue` wait, and the next caller is answered 20005 without waiting.
 */
export class HashGate {
  readonly #slots: RequestSlots;
  readonly #queue: number;

  constructor(concurrency = HASH_CONCURRENCY, queue = HASH_QUEUE) {
    this.#slots = new RequestSlots(concurrency);
    this.#queue = queue;
  }

  /** Hashes running now and waiting (tests and operations). */
  get load(): { running: number; waiting: number } {
    return this.#slots.load;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const { running, waiting } = this.#slots.load;
    if (running >= this.#slots.max && waiting >= this.#queue)
      return Promise.reject(
        new AppError(ErrCode.TOO_FREQUENT, { retryAfter: 1, detail: 'server busy, retry after 1s' }),
      );
    return this.#slots.run(task);
  }
}
