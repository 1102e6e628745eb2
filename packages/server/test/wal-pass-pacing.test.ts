import { describe, expect, it } from 'vitest';
import { nextPassIn } from '../src/storage/wal-pass-pacing.ts';

/**
 * When the WAL checkpointer's next pass comes (storage/wal-pass-pacing.ts): at its usual pace, except
 * that the passes close in on the size at which the writer would checkpoint the WAL itself.
 */
describe('WAL pass pacing', () => {
  const pacing = { idleMs: 500, busyMs: 100, nearEndMs: 5, endPages: 40_000, leadMs: 150 };

  it('waits the idle time when nothing was written, and the busy time when frames were left behind', () => {
    const last = { log: 1_000, at: 0 };
    expect(nextPassIn({ log: 1_000, checkpointed: 1_000 }, last, 500, pacing)).toBe(500);
    expect(nextPassIn({ log: 1_000, checkpointed: 900 }, last, 500, pacing)).toBe(100);
  });

  it('comes back before the WAL is within the lead of its end at the pace it grew', () => {
    // 16 frames a ms (10,000 msg/s here). From 24,000 the end is 1,000 ms away: the usual 500 ms.
    const wait = nextPassIn({ log: 24_000, checkpointed: 24_000 }, { log: 16_000, at: 0 }, 500, pacing);
    expect(wait).toBe(500);
    // From 32,000 it is 500 ms away, its lead starting 350 ms from now.
    const sooner = nextPassIn({ log: 32_000, checkpointed: 32_000 }, { log: 24_000, at: 0 }, 500, pacing);
    expect(sooner).toBe(350);
  });

  it('passes every few ms within the lead, until the WAL starts again', () => {
    const near = nextPassIn({ log: 38_000, checkpointed: 38_000 }, { log: 37_920, at: 0 }, 5, pacing);
    expect(near).toBe(5);
    // Started again from its beginning: no pace to go by, the usual wait.
    expect(nextPassIn({ log: 200, checkpointed: 200 }, { log: 39_990, at: 0 }, 5, pacing)).toBe(500);
  });

  it('never waits less than the near-end pass time', () => {
    // 100 frames a ms: the end is 151 ms away, its lead starting in 1 ms.
    const wait = nextPassIn({ log: 24_900, checkpointed: 24_900 }, { log: 14_900, at: 0 }, 100, pacing);
    expect(wait).toBe(5);
  });
});
