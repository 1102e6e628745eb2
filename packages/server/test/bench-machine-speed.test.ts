import { describe, expect, it } from 'vitest';
import { machineSpeed } from '../../../bench/support/machine-speed.ts';

/**
 * Every bench writes how long a fixed piece of work took (bench/support/machine-speed.ts), so that a
 * slow hour of a shared machine can be told apart from slower code: the work must be the same on
 * every run, whatever the code around it.
 */
describe('machineSpeed', () => {
  it('times the same work on every call: its answer is fixed, its time a positive number of ms', () => {
    const first = machineSpeed();
    const second = machineSpeed();
    expect(first.digest).toBe('2f0de81f41fec733368f05a3571f29fb55e709b37c9d8ca3d0032af8153814f4');
    expect(second.digest).toBe(first.digest);
    expect(first.ms).toBeGreaterThan(0);
    expect(Number.isFinite(second.ms)).toBe(true);
  });
});
