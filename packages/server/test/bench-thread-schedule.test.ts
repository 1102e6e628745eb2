import { readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { threadSchedule } from '../../../bench/support/process-cpu.ts';

/** The messaging bench reports how long the server's event loop ran and waited for a core (Linux). */
describe('the bench reading a thread’s schedule', () => {
  it('counts the time this thread runs', () => {
    // This thread's own ids (a test may run in a worker thread): /proc/thread-self is <pid>/task/<tid>.
    const [pid, , tid] = readlinkSync('/proc/thread-self').split('/').map(Number);
    const before = threadSchedule(pid!, tid);
    const until = performance.now() + 60;
    while (performance.now() < until);
    const after = threadSchedule(pid!, tid);
    expect(after.runMs - before.runMs).toBeGreaterThanOrEqual(30);
    expect(after.waitMs).toBeGreaterThanOrEqual(before.waitMs);
  });
});
