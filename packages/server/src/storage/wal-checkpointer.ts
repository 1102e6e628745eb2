import { Worker } from 'node:worker_threads';
import { stopWorker } from './worker-stop.ts';

/**
 * How often the checkpointer looks when the WAL was fully copied, and when it was not. Each pass copies
 * the pages written since the last one, a page written by every batch (a hot index page) once per
 * pass: passes every 10 ms cost ~40 µs of CPU per message more than every 100-500 ms in the messaging
 * bench, for no stall the writer sees.
 */
const IDLE_MS = 500;
const BUSY_MS = 100;

/**
 * Checkpoints the SQLite WAL of `filename` on a thread of its own (docs/decisions.md "The message hot
 * path"). A checkpoint copies the WAL's pages into the database file and syncs it: run by the writing
 * connection (SQLite's automatic checkpoint, at the commit that fills the WAL), it stalled the event
 * loop for 150-300 ms every few thousand messages, the p99 of every send in flight. Copied here
 * continuously, the WAL is reset by the writer whenever it was fully copied, and the writer's own
 * automatic checkpoint, kept as the backstop, finds nothing left to copy.
 */
export function startWalCheckpointer(filename: string): { stop(): Promise<void> } {
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
    workerData: { filename, idleMs: IDLE_MS, busyMs: BUSY_MS },
  });
  // It never keeps the process alive, and a failure leaves the writer's own checkpoints in place.
  worker.unref();
  worker.on('error', () => {});
  return {
    stop: () => stopWorker(worker, 'stop'),
  };
}
