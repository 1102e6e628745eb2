import { describe, expect, it } from 'vitest';
import {
  createPrecachePace,
  PRECACHE_LONGEST_HOLD_MS,
  PRECACHE_LONGEST_WAIT_MS,
  PRECACHE_QUIET_MS,
  precachePacePlugin,
} from '../src/sw/precache-pace';

/** A clock the test moves: each wait advances it by the time asked. */
function fakeClock() {
  const clock = { now: 0, waits: [] as number[] };
  const wait = async (ms: number) => {
    clock.waits.push(ms);
    clock.now += ms;
  };
  return { clock, pace: createPrecachePace(() => clock.now, wait) };
}

describe('the install precaches between the user’s interactions (docs/decisions.md#first-screen)', () => {
  it('goes on at once when the user has not touched the app', async () => {
    const { clock, pace } = fakeClock();
    clock.now = 50_000;
    await pace.untilQuiet();
    expect(clock.waits).toEqual([]);
  });

  it('waits until the user has left the app alone for a moment', async () => {
    const { clock, pace } = fakeClock();
    clock.now = 10_000;
    pace.noteUserActive();
    clock.now += 300;
    await pace.untilQuiet();
    expect(clock.waits).toEqual([PRECACHE_QUIET_MS - 300]);
    expect(clock.now).toBe(10_000 + PRECACHE_QUIET_MS);
  });

  it('waits again for a press made while it waited', async () => {
    const { clock, pace } = fakeClock();
    pace.noteUserActive();
    const done = pace.untilQuiet();
    // The wait was asked for before this press; the next check sees it.
    pace.noteUserActive();
    await done;
    expect(clock.waits).toEqual([PRECACHE_QUIET_MS, PRECACHE_QUIET_MS]);
    expect(clock.now).toBe(2 * PRECACHE_QUIET_MS);
  });

  it('never holds a file longer than the longest wait, however busy the user', async () => {
    let now = 0;
    const waits: number[] = [];
    const pace = createPrecachePace(
      () => now,
      async (ms) => {
        waits.push(ms);
        // The user presses again just before each wait ends.
        now += ms - 1;
        pace.noteUserActive();
        now += 1;
      },
    );
    pace.noteUserActive();
    await pace.untilQuiet();
    expect(now).toBe(PRECACHE_LONGEST_WAIT_MS);
    expect(waits.length).toBeGreaterThan(1);
  });

  it('holds the files together no longer than the longest hold: the install ends', async () => {
    let now = 0;
    const pace = createPrecachePace(
      () => now,
      async (ms) => {
        now += ms - 1;
        pace.noteUserActive();
        now += 1;
      },
    );
    const heldFor: number[] = [];
    for (let file = 0; file < 8; file += 1) {
      pace.noteUserActive();
      const start = now;
      await pace.untilQuiet();
      heldFor.push(now - start);
    }
    const full = PRECACHE_LONGEST_HOLD_MS / PRECACHE_LONGEST_WAIT_MS;
    expect(heldFor).toEqual([...Array(full).fill(PRECACHE_LONGEST_WAIT_MS), ...Array(8 - full).fill(0)]);
  });

  it('holds only the install’s fetches, never a request the worker answers later', async () => {
    const held: string[] = [];
    const pace = { noteUserActive: () => undefined, untilQuiet: async () => void held.push('held') };
    const plugin = precachePacePlugin(pace);
    const request = new Request('https://app.test/assets/chat.js');
    const ask = (type: string) =>
      plugin.requestWillFetch!({ request, event: { type } as ExtendableEvent, state: {} });
    expect(await ask('install')).toBe(request);
    expect(held).toEqual(['held']);
    expect(await ask('fetch')).toBe(request);
    expect(held).toEqual(['held']);
  });
});
