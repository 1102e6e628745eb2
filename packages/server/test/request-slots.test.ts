import { describe, expect, it } from 'vitest';
import { RequestSlots } from '../src/gateway/request-slots.ts';

/** A task that runs until the test ends it. */
function held() {
  let end!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => ((end = resolve), (fail = reject)));
  return { end, fail, task: () => done };
}

/** Lets every settled promise's continuations run, then a slot handed over in the next turn start. */
const settle = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/** The gateway's bound on requests running at once (src/gateway/request-slots.ts). */
describe('gateway request slots', () => {
  it('runs at most max at once, the others in arrival order as slots free up', async () => {
    const slots = new RequestSlots(2);
    const tasks = [held(), held(), held(), held()];
    const started: number[] = [];
    const results = tasks.map((t, i) =>
      slots.run(() => {
        started.push(i);
        return t.task();
      }),
    );
    // Watched from the start, so that the failure below is never an unhandled rejection.
    const outcomes = Promise.allSettled(results);
    await settle();
    expect(started).toEqual([0, 1]);
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    tasks[1].end('b');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A failing request frees its slot too, and its caller gets the failure.
    tasks[0].fail(new Error('database down'));
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    tasks[2].end('c');
    tasks[3].end('d');
    await expect(outcomes).resolves.toMatchObject([
      { status: 'rejected', reason: { message: 'database down' } },
      { status: 'fulfilled', value: 'b' },
      { status: 'fulfilled', value: 'c' },
      { status: 'fulfilled', value: 'd' },
    ]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('hands a freed slot over in a later turn of the event loop, so a queue never starves the sockets', async () => {
    const slots = new RequestSlots(2);
    let done = 0;
    // Requests that need no I/O, as a pull whose SQLite reads answer synchronously.
    const quick = () => slots.run(async () => void (done += 1));
    const queue = Array.from({ length: 100 }, quick);
    // What a socket's data would wait for: the event loop's next turn.
    const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    expect(doneWhenTheLoopTurned).toBeLessThan(100);
    await Promise.all(queue);
    expect(done).toBe(100);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
