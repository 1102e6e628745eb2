import { Worker } from 'node:worker_threads';
import type { Database } from '../storage/database.ts';
import { WorkerRequests } from '../storage/worker-requests.ts';
import { stopWorker } from '../storage/worker-stop.ts';
import { BatchingMessageWriter } from './batching-writer.ts';
import type { MessageWriter, QueuedStore, StoreOptions, StoreResult } from './message-store.ts';
import type { MessageDraft } from './message-row.ts';
import type { StoreAnswer, StoreBatch } from './store-thread-worker.ts';
import { decodeStored, encodeItem } from './store-thread-wire.ts';

/** Most messages one group commit stores (as message/batching-writer.ts). */
const BATCH_MAX = 256;

/**
 * Group commit on a thread of its own (SQLite; docs/decisions.md "The message hot path"). Plain sends
 * go to the store's thread (store-thread-worker.ts) a batch at a time, so that SQLite's work on them
 * (a third of a send's CPU on the event loop's thread) runs beside the gateway's. A send with hooks
 * (`before`/`after` run in its transaction: closures, which cannot cross threads) is stored on the
 * server's connection by `local`, in its turn: one batch at a time, so seqs follow the order of the
 * calls. So are all sends if the thread has ended. Each send is answered once its transaction has
 * committed.
 */
export class ThreadedMessageWriter implements MessageWriter {
  readonly #local: BatchingMessageWriter;
  readonly #worker: Worker;
  readonly #requests: WorkerRequests<Omit<StoreBatch, 'id'>, StoreAnswer>;
  #queue: QueuedStore[] = [];
  #drained: Promise<void> = Promise.resolve();
  #running = false;

  constructor(db: Database, filename: string) {
    this.#local = new BatchingMessageWriter(db);
    this.#worker = new Worker(new URL('./store-thread-worker.ts', import.meta.url), {
      workerData: { filename },
    });
    this.#requests = new WorkerRequests(this.#worker, 'message store');
  }

  store(draft: MessageDraft, options: StoreOptions): Promise<StoreResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ draft, options, resolve, reject });
      if (this.#running) return;
      this.#running = true;
      // As the batching writer: the sends read in this turn of the event loop share the batch.
      this.#drained = new Promise((done) => setImmediate(() => void this.#drain().then(done)));
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) await this.#storeNext();
    this.#running = false;
  }

  async #storeNext(): Promise<void> {
    const here = !this.#requests.alive || hasHooks(this.#queue[0]!);
    // The next run of sends that go the same way: with hooks (or all, the thread gone), or plain.
    let end = 1;
    while (end < this.#queue.length && end < BATCH_MAX && (here || !hasHooks(this.#queue[end]!))) end += 1;
    const batch = this.#queue.splice(0, end);
    if (here) return this.#storeHere(batch);
    const answer = await this.#ask(batch);
    if (answer && 'stored' in answer)
      batch.forEach((job, i) => job.resolve(decodeStored(answer.stored[i]!, job.draft)));
    else if (answer)
      batch.forEach((job, i) => {
        const outcome = answer.outcomes[i]!;
        if ('result' in outcome) job.resolve(outcome.result);
        else job.reject(new Error(outcome.error));
      });
    // The thread ended with the batch in it: whether it committed is unknown, and the messages are
    // stored here instead; a copy that did commit is found by its clientMsgID and answered as it is.
    else await this.#storeHere(batch);
  }

  /**
   * On the server's connection, all asked in one turn, so that `local` stores them in one transaction:
   * every group send has hooks, and one commit each held a group's burst to one delivery a turn.
   */
  async #storeHere(batch: QueuedStore[]): Promise<void> {
    await Promise.all(
      batch.map((job) => this.#local.store(job.draft, job.options).then(job.resolve, job.reject)),
    );
  }

  /** The batch's answer from the thread; none when the thread ended with it. */
  #ask(batch: QueuedStore[]): Promise<StoreAnswer | undefined> {
    const items = batch.map(({ draft, options }) => encodeItem(draft, options.views));
    return this.#requests.ask({ items }).catch(() => undefined);
  }

  /** Stores what is queued, then lets the thread close its connection. */
  async stop(): Promise<void> {
    await this.#drained;
    if (this.#requests.alive) await stopWorker(this.#worker, 'stop');
  }
}

const hasHooks = ({ options }: QueuedStore) => Boolean(options.before ?? options.after);
