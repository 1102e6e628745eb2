import { parentPort, workerData } from 'node:worker_threads';
import { storeAlone, storeInTransaction } from './message-store.ts';
import type { StoreRequest, StoreResult } from './message-store.ts';
import { decodeItem, encodeStored } from './store-thread-wire.ts';
import type { WireItem, WireStored } from './store-thread-wire.ts';
import { yieldOnWake } from '../storage/background-thread.ts';
import { storeThreadDatabase } from './store-thread-connection.ts';

/**
 * The message store's thread (store-thread.ts): its own connection to the messages' file stores each
 * batch it is handed in one transaction, as the batching writer does on the event loop's thread, and
 * answers each message's result, or its error when the batch failed and the message failed alone.
 */
const { filename } = workerData as { filename: string };
// Woken by each batch, it waits for a free core rather than take the event loop's (background-thread.ts).
yieldOnWake();
const db = storeThreadDatabase(filename);

/** A batch as it travels (store-thread-wire.ts). */
export interface StoreBatch {
  id: number;
  items: WireItem[];
}
export type StoreOutcome = { result: StoreResult } | { error: string };
/** Each message's row in the batch's order, or, when the batch failed and each was tried alone, its outcome. */
export type StoreAnswer = { id: number; stored: WireStored[] } | { id: number; outcomes: StoreOutcome[] };

async function store(batch: StoreBatch): Promise<StoreAnswer> {
  const requests: StoreRequest[] = batch.items.map((item) => {
    const { draft, views } = decodeItem(item);
    return { draft, options: { views } };
  });
  try {
    const results = await db.transaction().execute((trx) => storeInTransaction(trx, requests));
    return { id: batch.id, stored: results.map(encodeStored) };
  } catch {
    // Each alone, so that one bad message never fails the others (message/batching-writer.ts).
    const outcomes: StoreOutcome[] = [];
    for (const request of requests)
      outcomes.push(
        await storeAlone(db, request).then(
          (result) => ({ result }),
          (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
        ),
      );
    return { id: batch.id, outcomes };
  }
}

// One batch at a time, in the order they came (the server sends the next after this one's answer).
let last: Promise<unknown> = Promise.resolve();
parentPort?.on('message', (message: StoreBatch | 'stop') => {
  last = last.then(async () => {
    if (message !== 'stop') return parentPort?.postMessage(await store(message));
    await db.destroy();
    parentPort?.close();
  });
});
