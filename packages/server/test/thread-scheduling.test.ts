import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';

const SCHED_BATCH = 3;

/** A task's scheduling policy and niceness, from its stat line (fields 41 and 19). */
function scheduleOf(statPath: string): { policy: number; nice: number } {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1].split(' ');
  return { policy: Number(fields[38]), nice: Number(fields[16]) };
}

/** The policies of this process's tasks whose name is `name`. */
function policiesOf(name: string): number[] {
  return readdirSync('/proc/self/task')
    .filter((task) => readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === name)
    .map((task) => scheduleOf(`/proc/self/task/${task}/stat`).policy);
}

/** Runs `call` of background-thread.ts in a worker thread of its own; answers that thread's schedule. */
async function inWorker(call: 'yieldOnWake' | 'runInBackground'): Promise<{ policy: number; nice: number }> {
  const moduleUrl = new URL('../src/storage/background-thread.ts', import.meta.url).href;
  const code = `
    const { parentPort } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    import(${JSON.stringify(moduleUrl)}).then((m) => {
      m.${call}();
      const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
      parentPort.postMessage({ policy: Number(fields[38]), nice: Number(fields[16]) });
    });`;
  const worker = new Worker(code, { eval: true });
  try {
    return await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
  } finally {
    await worker.terminate();
  }
}

/**
 * The server's worker threads give way to the event loop's thread (docs/decisions.md "The message hot
 * path"): the store's, the reads' and the checkpointer's take SCHED_BATCH, so that waking they do not
 * take its core; the search index's is niced. The event loop's own thread keeps its schedule.
 */
describe('thread scheduling', () => {
  it('puts the calling worker thread under SCHED_BATCH at its niceness, and nothing else', async () => {
    const main = scheduleOf('/proc/thread-self/stat');
    expect(await inWorker('yieldOnWake')).toEqual({ policy: SCHED_BATCH, nice: main.nice });
    expect(scheduleOf('/proc/thread-self/stat')).toEqual(main);
  });

  it('nices the calling worker thread, its policy left as it was', async () => {
    const main = scheduleOf('/proc/thread-self/stat');
    expect(await inWorker('runInBackground')).toEqual({ policy: main.policy, nice: 10 });
    expect(scheduleOf('/proc/thread-self/stat')).toEqual(main);
  });

  describe('in a running server', () => {
    let server: TestServer | undefined;
    afterAll(() => server?.close());

    it("runs its store's, reads' and checkpointer's threads under SCHED_BATCH, and its event loop's thread as before", async () => {
      const batchBefore = policiesOf('WorkerThread').filter((p) => p === SCHED_BATCH).length;
      const main = scheduleOf('/proc/thread-self/stat');
      server = await startTestServer();
      // The threads start with the server; each sets its policy first thing.
      let batch = 0;
      for (let attempt = 0; attempt < 50 && batch < batchBefore + 3; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        batch = policiesOf('WorkerThread').filter((p) => p === SCHED_BATCH).length;
      }
      expect(batch - batchBefore).toBe(3);
      expect(scheduleOf('/proc/thread-self/stat')).toEqual(main);
    });
  });
});
