import { closeSync, fsyncSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { nextPassIn } from './wal-pass-pacing.ts';
import type { LastPass, PassPacing, PassResult } from './wal-pass-pacing.ts';
import { yieldOnWake } from './background-thread.ts';

/**
 * The WAL checkpointer's thread (wal-checkpointer.ts): its own connection copies committed WAL frames
 * into the database file with PASSIVE checkpoints, which never wait for nor block the writer, as often
 * as wal-pass-pacing.ts says.
 */
const { filename, ...pacing } = workerData as PassPacing & { filename: string };
// Woken by each pass's timer, it waits for a free core rather than take the event loop's (background-thread.ts).
yieldOnWake();
const db = new DatabaseSync(filename);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
// SQLite syncs the database file only when a checkpoint has copied the whole WAL. Under a steady stream
// of commits that is the writer's own checkpoint, or one of the quick passes just before it: that
// fsync then writes every page copied since the WAL began (tens of MB). Synced once here when the WAL
// nears its end, it leaves only what was copied since. fsync is the file's, whichever descriptor asks.
const databaseFile = openSync(filename, 'r');
let last: LastPass = { log: 0, at: performance.now() };
let synced = false;
let timer: NodeJS.Timeout | undefined;

function run(): void {
  let wait = pacing.idleMs;
  try {
    const result = checkpoint.get() as unknown as PassResult;
    const now = performance.now();
    wait = nextPassIn(result, last, now, pacing);
    const nearEnd = wait === pacing.nearEndMs;
    if (nearEnd && !synced) fsyncSync(databaseFile);
    synced = nearEnd;
    last = { log: result.log, at: now };
  } catch {
    // A checkpoint that failed (the file going away at shutdown) is tried again later; the writer's
    // own automatic checkpoint stays the backstop.
  }
  timer = setTimeout(run, wait);
}

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  closeSync(databaseFile);
  db.close();
  parentPort?.close();
});
run();
