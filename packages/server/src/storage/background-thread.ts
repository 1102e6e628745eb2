import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Niceness of a background thread: it runs when the sends leave a core free (Linux: 19 is the lowest). */
const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread's scheduling priority, not the process's: on Linux a thread is a task of
 * its own, named by `/proc/thread-self`, and setpriority on its id touches it alone. Work that may
 * wait (the search index's batches) then yields the cores to the event loop's thread and the
 * store's, whose waits are the sends' latency (docs/decisions.md "The message hot path"). Elsewhere,
 * or where it is refused, the thread keeps its priority.
 */
export function runInBackground(): void {
  try {
    const taskID = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(taskID) && taskID !== process.pid) setPriority(taskID, BACKGROUND_NICENESS);
  } catch {
    // No /proc (not Linux), or the priority may not change: nothing to do.
  }
}
