import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { InProcessJobRunner } from '../src/jobs/job-runner.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The in-process job runner (one node; docs/operations.md#background-jobs). */
describe('InProcessJobRunner', () => {
  it('runs a job every interval, never two runs at once, and keeps going after a failure', async () => {
    const runner = new InProcessJobRunner(log);
    let running = 0;
    let most = 0;
    let runs = 0;
    runner.every('slow', 10, async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await sleep(35);
      running -= 1;
      if (runs === 1) throw new Error('first run fails');
    });
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    expect(most).toBe(1);
    await runner.stop();
    const stopped = runs;
    expect(running).toBe(0);
    await sleep(60);
    expect(runs).toBe(stopped);
  });

  it('waits on stop for the run in flight', async () => {
    const runner = new InProcessJobRunner(log);
    let finished = false;
    let started = false;
    runner.every('long', 5, async () => {
      started = true;
      await sleep(80);
      finished = true;
    });
    await vi.waitFor(() => expect(started).toBe(true));
    await runner.stop();
    expect(finished).toBe(true);
  });
});

describe('scale-out settings', () => {
  it('has working defaults and refuses bad values', () => {
    const config = loadConfig({});
    expect(config.NODE_ID).toMatch(/^.+-\d+$/);
    expect(config.REDIS_PREFIX).toBe('im:');
    expect(config.DATABASE_POOL_MAX).toBe(10);
    expect(config.METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ NODE_ID: 'has space' })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ JOB_LOCK_TTL_MS: '10' })).toThrow(/JOB_LOCK_TTL_MS/);
  });
});
