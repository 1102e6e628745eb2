import { Worker } from 'node:worker_threads';
import type { PassPacing } from './wal-pass-pacing.ts';
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
 * The WAL's size, in pages, at which a writer's commit checkpoints it itself (SQLite's automatic
 * checkpoint, `PRAGMA wal_autocheckpoint`). Under a steady stream of commits that is not only a
 * backstop: the WAL starts again from its beginning only when a writer begins while every frame has
 * been copied, which passes of this thread, each overtaken by the next commit, never see. So the
 * writer's own checkpoint ends every WAL: at 10,000 msg/s every ~2.4 s, each time syncing the WAL and
 * the database in the middle of a batch (30-40 ms, most of it the database's fsync of the frames
 * copied since this thread's last pass).
 */
export const WAL_AUTOCHECKPOINT_PAGES = 40_000;

/**
 * Passes come every NEAR_END_MS for the last LEAD_MS before that size at the writer's pace
 * (wal-pass-pacing.ts), so that one of them copies the whole WAL (then the writer starts it again at
 * its next transaction, with no checkpoint of its own) or leaves the writer's checkpoint a few
 * milliseconds of frames to copy and sync.
 */
const NEAR_END_MS = 5;
const LEAD_MS = 150;

/**
 * Checkpoints the SQLite WAL of `filename` on a thread of its own (docs/decisions.md "The message hot
 * path"). A checkpoint copies the WAL's pages into the database file and syncs it: run by the writing
 * connection (SQLite's automatic checkpoint, at the commit that fills the WAL), it stalled the event
 * loop for 150-300 ms every few thousand messages, the p99 of every send in flight. Copied here
 * continuously, the writer's own checkpoint at the WAL's end finds little left to copy, or none comes
 * at all: the writer starts the WAL again after a pass that copied all of it.
 */
export function startWalCheckpointer(filename: string): { stop(): Promise<void> } {
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
    workerData: {
      filename,
      idleMs: IDLE_MS,
      busyMs: BUSY_MS,
      nearEndMs: NEAR_END_MS,
      endPages: WAL_AUTOCHECKPOINT_PAGES,
      leadMs: LEAD_MS,
    } satisfies PassPacing & { filename: string },
  });
  // It never keeps the process alive, and a failure leaves the writer's own checkpoints in place.
  worker.unref();
  worker.on('error', () => {});
  return {
    stop: () => stopWorker(worker, 'stop'),
  };
}
