import { describe, expect, it, vi } from 'vitest';
import { TurnBudget } from '../src/http/turn-budget.ts';

/** Holds the thread for `ms`, as a request answered synchronously by SQLite does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** What each turn of the event loop may start (src/http/turn-budget.ts). */
describe('turn budget', () => {
  it('starts callers at once while the turn has time left', () => {
    const turns = new TurnBudget(50);
    const started: number[] = [];
    for (let i = 0; i < 5; i += 1) turns.pass(() => started.push(i));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(turns.waiting).toBe(0);
  });

  it('lets a timer fire between the turns of a burst that needs no I/O, and keeps arrival order', async () => {
    const turns = new TurnBudget(5);
    const started: number[] = [];
    // 100 tasks of 1 ms each arriving in one turn: at most about five of them start in it.
    for (let i = 0; i < 100; i += 1)
      turns.pass(() => {
        started.push(i);
        busy(1);
      });
    const startedInFirstTurn = started.length;
    expect(startedInFirstTurn).toBeGreaterThan(0);
    expect(startedInFirstTurn).toBeLessThan(100);
    expect(turns.waiting).toBe(100 - startedInFirstTurn);
    // What a login's next step waits for: a timer, which fires only between turns.
    const startedWhenTimerFired = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(started.length), 0),
    );
    expect(startedWhenTimerFired).toBeLessThan(100);
    await vi.waitFor(() => expect(started).toHaveLength(100));
    expect(started).toEqual([...Array(100).keys()]);
    expect(turns.waiting).toBe(0);
  });

  it('counts the work a waiter starts in its own turn before the next waiter looks at the clock', async () => {
    const turns = new TurnBudget(5);
    turns.pass(() => busy(6));
    const later: number[] = [];
    const finished = Promise.all(
      [0, 1, 2, 3].map(
        (i) =>
          new Promise<void>((resolve) =>
            turns.pass(() => {
              later.push(i);
              // The work itself runs in promise continuations, as a gateway request's does.
              void Promise.resolve().then(() => {
                busy(3);
                resolve();
              });
            }),
          ),
      ),
    );
    expect(later).toEqual([]);
    await nextTurn();
    // In the next turn two of them fit in 5 ms (3 ms each, the second starting at 3 ms), not all four.
    expect(later.length).toBeLessThan(4);
    await finished;
    expect(later).toEqual([0, 1, 2, 3]);
  });

  it('keeps a few immediates scheduled however many wait', async () => {
    const turns = new TurnBudget(5);
    turns.pass(() => busy(6));
    const immediates = vi.spyOn(globalThis, 'setImmediate');
    const started: number[] = [];
    // A storm's upgrades: thousands waiting at once, each a little work.
    for (let i = 0; i < 5000; i += 1)
      turns.pass(() => {
        started.push(i);
        busy(0.02);
      });
    expect(immediates.mock.calls.length).toBeLessThanOrEqual(64);
    immediates.mockClear();
    await nextTurn();
    // One turn's tries (and their replacements for the next turn), not one per waiter.
    expect(immediates.mock.calls.length).toBeLessThanOrEqual(64 + 2);
    expect(started.length).toBeLessThan(5000);
    immediates.mockRestore();
    await vi.waitFor(() => expect(started).toHaveLength(5000), { timeout: 10_000 });
    expect(started).toEqual([...Array(5000).keys()]);
  });

  it('turn() resolves at once with time left, later without', async () => {
    const turns = new TurnBudget(5);
    let first = false;
    void turns.turn().then(() => (first = true));
    await Promise.resolve();
    expect(first).toBe(true);
    busy(6);
    let second = false;
    const waiting = turns.turn().then(() => (second = true));
    await Promise.resolve();
    expect(second).toBe(false);
    await waiting;
    expect(second).toBe(true);
  });
});
