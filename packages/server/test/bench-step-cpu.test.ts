import { describe, expect, it } from 'vitest';
import { stepCpu } from '../../../bench/messaging/step-cpu.ts';

/**
 * The messaging bench's CPU figures for a step (bench/messaging/step-cpu.ts), among them the server's
 * CPU a message over the clients', which divides the machine's speed out of the server's cost.
 */
describe('stepCpu', () => {
  it('gives each side per message and as a share of one core, and the server over the clients', () => {
    // 10,000 msg/s for 10 s: the server 10.8 s of CPU (108 µs a message), the clients 3.7 s (37 µs).
    expect(stepCpu({ serverCpuMs: 10_800, clientCpuMs: 3_700, sent: 100_000, elapsedMs: 10_000 })).toEqual({
      serverCpuUsPerMsg: 108,
      serverCpuPercent: 108,
      clientCpuPercent: 37,
      clientCpuUsPerMsg: 37,
      serverToClientCpu: 2.92,
    });
  });

  it('keeps the ratio when the whole machine runs slower (both sides cost more alike)', () => {
    const quick = stepCpu({ serverCpuMs: 9_300, clientCpuMs: 3_200, sent: 100_000, elapsedMs: 10_000 });
    const slow = stepCpu({
      serverCpuMs: 9_300 * 1.25,
      clientCpuMs: 3_200 * 1.25,
      sent: 100_000,
      elapsedMs: 10_000,
    });
    expect(slow.serverCpuUsPerMsg).toBeGreaterThan(quick.serverCpuUsPerMsg);
    expect(slow.serverToClientCpu).toBe(quick.serverToClientCpu);
  });

  it('reports the clients per message to a tenth of a µs, from the unrounded figures', () => {
    const cpu = stepCpu({ serverCpuMs: 9_449, clientCpuMs: 3_251, sent: 99_810, elapsedMs: 10_004 });
    expect(cpu.clientCpuUsPerMsg).toBe(32.6);
    expect(cpu.serverToClientCpu).toBe(2.91);
  });

  it('gives 0, not NaN or Infinity, for a step that sent nothing or took no time', () => {
    const cpu = stepCpu({ serverCpuMs: 50, clientCpuMs: 0, sent: 0, elapsedMs: 0 });
    expect(Object.keys(cpu)).toHaveLength(5);
    for (const value of Object.values(cpu)) expect(value).toBe(0);
  });
});
