import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { InvalidateEvent } from '../src/bus/bus.ts';
import { RedisBus } from '../src/bus/redis-bus.ts';
import { RedisJobRunner } from '../src/jobs/redis-job-runner.ts';
import { RedisPresence } from '../src/presence/redis-presence.ts';
import { connectRedis } from '../src/redis/redis-connection.ts';
import { startOwnRedis } from './support/own-redis.ts';

const log = pino({ level: 'silent' });

/**
 * A Redis of the test's own, killed and started again on the same port (docs/operations.md#scale-out-redis):
 * the nodes' connections come back by themselves, the bus subscribes again, presence and job locks are
 * written again by the next heartbeat and renewal.
 */
describe('the scale-out pieces across a Redis restart', () => {
  const connections: ReturnType<typeof connectRedis>[] = [];
  let redis: Awaited<ReturnType<typeof startOwnRedis>> | undefined;
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await redis?.stop();
  });
  const connect = (role: string) => {
    const c = connectRedis(redis!.url, log, role);
    connections.push(c);
    return c;
  };

  it('delivers again, counts presence again and takes the job lock again', async () => {
    redis = await startOwnRedis();
    const prefix = 'restart:';
    const make = async (nodeId: string) => {
      const bus = new RedisBus({
        redis: connect('c'),
        subscriber: connect('subscriber'),
        prefix,
        nodeId,
        log,
      });
      await vi.waitFor(() => bus.start(), { timeout: 5000 });
      const got: InvalidateEvent[] = [];
      bus.subscribe('invalidate', (event) => got.push(event));
      return { bus, got };
    };
    const [one, two] = [await make('r1'), await make('r2')];
    const presence = new RedisPresence({ redis: connect('c'), prefix, nodeId: 'r2', ttlMs: 600, log });
    const reader = new RedisPresence({ redis: connect('c'), prefix, nodeId: 'r1', ttlMs: 600, log });
    presence.add('u1', 't1');
    const jobs = new RedisJobRunner({ redis: connect('c'), prefix, nodeId: 'r1', lockTtlMs: 600, log });
    jobs.every('sweep', 50, async () => undefined);
    one.bus.publish('invalidate', { cache: 'user', id: 'before' });
    await vi.waitFor(() => expect(two.got).toEqual([{ cache: 'user', id: 'before' }]));
    await vi.waitFor(async () => expect(await reader.tokenSockets('u1', 't1')).toBe(1));
    await vi.waitFor(() => expect(jobs.holds('sweep')).toBe(true));

    // A crash: everything Redis held is gone.
    await redis.stop();
    await vi.waitFor(() => expect(jobs.holds('sweep')).toBe(false), { timeout: 3000 });
    redis = await startOwnRedis(redis.port);

    await vi.waitFor(
      () => {
        one.bus.publish('invalidate', { cache: 'user', id: 'after' });
        expect(two.got.map((e) => e.id)).toContain('after');
      },
      { timeout: 10_000, interval: 200 },
    );
    await vi.waitFor(async () => expect(await reader.tokenSockets('u1', 't1')).toBe(1), { timeout: 5000 });
    await vi.waitFor(() => expect(jobs.holds('sweep')).toBe(true), { timeout: 5000 });
    await jobs.stop();
    await presence.close();
    await reader.close();
  });
});
