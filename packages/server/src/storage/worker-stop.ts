import type { Worker } from 'node:worker_threads';

/**
 * Asks a background thread to stop with `message` and resolves once it has exited (at once if it
 * already has). The thread is referenced meanwhile: unreferenced, a process with nothing else to do
 * would exit before it has closed its connection, and the caller's await never settle.
 */
export function stopWorker(worker: Worker, message: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (worker.threadId === -1) return resolve();
    worker.ref();
    worker.once('exit', () => resolve());
    worker.postMessage(message);
  });
}
