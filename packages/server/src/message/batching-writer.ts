import type { Database } from '../storage/database.ts';
import { storeAlone, storeInTransaction } from './message-store.ts';
import type { MessageWriter, QueuedStore, StoreOptions, StoreResult } from './message-store.ts';
import type { MessageDraft } from './message-row.ts';

/** Most messages one group commit stores. */
const BATCH_MAX = 256;

/**
 * Group commit (docs/decisions.md "The message hot path"): sends that arrive while a transaction is
 * running are stored together in the next one, so a busy gateway pays one commit, and a few
 * statements (storeInTransaction), for many messages instead of one each. Each send is answered only
 * once its transaction has committed. Seqs stay atomic with their inserts (same transaction). If a
 * batch fails (a racing duplicate from another node, a deadlock on PostgreSQL, a hook that throws),
 * each of its messages is retried alone, so one bad message never fails the others.
 */
export class BatchingMessageWriter implements MessageWriter {
  readonly #db: Database;
  #queue: QueuedStore[] = [];
  #running = false;

  constructor(db: Database) {
    this.#db = db;
  }

  store(draft: MessageDraft, options: StoreOptions): Promise<StoreResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ draft, options, resolve, reject });
      if (this.#running) return;
      this.#running = true;
      // SQLite answers synchronously, so a transaction started now would end before the sends of
      // other sockets read in this same turn of the event loop get here; starting it right after
      // this turn's I/O lets them share its commit.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) await this.#storeNext();
    this.#running = false;
  }

  /**
   * One transaction for what is queued. The batch is taken once the transaction holds the connection,
   * not before: while it waited behind other queries, more sends arrived, and they join this commit.
   */
  async #storeNext(): Promise<void> {
    let batch: QueuedStore[] = [];
    let results: StoreResult[];
    try {
      results = await this.#db.transaction().execute((trx) => {
        batch = this.#queue.splice(0, BATCH_MAX);
        return storeInTransaction(trx, batch);
      });
    } catch {
      // A transaction that failed before it took its batch (the database away) still answers the
      // queue, each send alone, instead of trying again at once for as long as the outage lasts.
      if (batch.length === 0) batch = this.#queue.splice(0, BATCH_MAX);
      for (const job of batch) await storeAlone(this.#db, job).then(job.resolve, job.reject);
      return;
    }
    batch.forEach((job, i) => job.resolve(results[i]));
  }
}
