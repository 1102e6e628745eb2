import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The WAL checkpointer's thread (wal-checkpointer.ts): its own connection copies committed WAL frames
 * into the database file with PASSIVE checkpoints, which never wait for nor block the writer. It
 * comes back at once while frames remain (a busy writer), else after `idleMs`.
 */
const { filename, idleMs, busyMs } = workerData as { filename: string; idleMs: number; busyMs: number };
const db = new DatabaseSync(filename);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let timer: NodeJS.Timeout | undefined;

function run(): void {
  let behind = false;
  try {
    const result = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    behind = result.log > result.checkpointed;
  } catch {
    // A checkpoint that failed (the file going away at shutdown) is tried again later; the writer's
    // own automatic checkpoint stays the backstop.
  }
  timer = setTimeout(run, behind ? busyMs : idleMs);
}

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  db.close();
  parentPort?.close();
});
run();
