import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Niceness of a background thread: it runs when the sends leave a core free (Linux: 19 is the lowest). */
const BACKGROUND_NICENESS = 10;

/**
 * The calling thread's task id: on Linux a thread is a task of its own, named by `/proc/thread-self`.
 * Undefined elsewhere, and on the process's main thread (whose task id is the process's: a change to
 * it would be read as the whole process's by some tools).
 */
function workerTaskID(): number | undefined {
  try {
    const taskID = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(taskID) && taskID !== process.pid ? taskID : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread's scheduling priority, not the process's: setpriority on its task id
 * touches it alone. Work that may wait (the search index's batches) then yields the cores to the
 * event loop's thread and the store's, whose waits are the sends' latency (docs/decisions.md "The
 * message hot path"). Elsewhere, or where it is refused, the thread keeps its priority.
 */
export function runInBackground(): void {
  const taskID = workerTaskID();
  if (taskID === undefined) return;
  try {
    setPriority(taskID, BACKGROUND_NICENESS);
  } catch {
    // The priority may not change: nothing to do.
  }
}

/**
 * Puts the calling worker thread under Linux's SCHED_BATCH policy: woken, it no longer takes the core
 * of a thread that is running, but waits for a free core or for that thread's turn to end. Its share
 * of the cores stays what it was. The server's worker threads wake at each hand-over (a batch to store,
 * a checkpoint pass, a read); woken on the core of the event loop's thread, they took it at once, and
 * the frames waiting there waited for their work too (docs/decisions.md "The message hot path").
 * Node has no call for a policy: util-linux's `chrt` sets it, which any user may do for their own
 * threads. Elsewhere, or without `chrt`, the thread keeps its policy.
 */
export function yieldOnWake(): void {
  const taskID = workerTaskID();
  if (taskID === undefined) return;
  try {
    execFileSync('chrt', ['--batch', '--pid', '0', String(taskID)], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // No chrt here, or the policy may not change: nothing to do.
  }
}
