import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrCode } from '@im/protocol';
import type { GroupListRef, PushEvent } from '../src/bus/bus.ts';
import { RedisBus } from '../src/bus/redis-bus.ts';
import { AppError } from '../src/http/app-error.ts';
import { RedisRateLimiter } from '../src/http/redis-rate-limiter.ts';
import { RedisJobRunner } from '../src/jobs/redis-job-runner.ts';
import { RedisPresence } from '../src/presence/redis-presence.ts';
import { uniquePrefix } from './support/nodes.ts';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const url = process.env.REDIS_URL;

/**
 * The Redis implementations one by one (docs/decisions.md#scale-out-redis), each "node" with its own
 * connection on the shared Redis under a prefix of this run's own.
 */
describe('Redis pieces', () => {
  beforeAll(() => {
    // Never a silent pass: without Redis the block fails and says what it needs.
    if (!url) throw new Error('set REDIS_URL to run the Redis tests (CI sets it in .ci/run)');
  });

  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(url!, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => undefined);
    connections.push(redis);
    return redis.connect().then(() => redis);
  };
  afterAll(async () => {
    for (const redis of connections) redis.disconnect();
  });

  it('bus: delivers each event once on every node, the publisher’s own at once', async () => {
    const prefix = uniquePrefix();
    const nodes = await Promise.all(
      ['n1', 'n2', 'n3'].map(async (nodeId) => {
        const subscriber = await connect();
        const bus = new RedisBus({ redis: await connect(), subscriber, prefix, nodeId, log });
        await bus.start();
        const got: PushEvent[] = [];
        bus.subscribe('push', (event) => got.push(event));
        return { bus, got };
      }),
    );
    const event: PushEvent = { userIDs: ['u1'], reqIdentifier: 2001, data: { seq: 1 } as never };
    nodes[0].bus.publish('push', event);
    // Synchronous on the publishing node, as the in-process bus is.
    expect(nodes[0].got).toEqual([event]);
    await vi.waitFor(() => {
      expect(nodes[1].got).toEqual([event]);
      expect(nodes[2].got).toEqual([event]);
    });
    await sleep(100);
    expect(nodes.map((n) => n.got.length)).toEqual([1, 1, 1]);
  });

  it('bus: a push to a group list travels as its reference; each node delivers its own list, in order', async () => {
    const prefix = uniquePrefix();
    const lists: Record<string, readonly string[]> = { n1: ['a', 'b', 'c'], n2: ['a', 'b', 'c', 'd'] };
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: GroupListRef[] = [];
    const nodes = await Promise.all(
      ['n1', 'n2'].map(async (nodeId) => {
        const subscriber = await connect();
        const bus = new RedisBus({
          redis: await connect(),
          subscriber,
          prefix,
          nodeId,
          log,
          // n2 reads its list slowly, as from its database after a membership change.
          groupLists: async (ref) => {
            asked.push(ref);
            if (nodeId === 'n2') await held;
            return lists[nodeId];
          },
        });
        await bus.start();
        const got: PushEvent[] = [];
        bus.subscribe('push', (event) => got.push(event));
        return { bus, got };
      }),
    );
    const raw = await connect();
    const wire: string[] = [];
    raw.on('message', (_channel: string, text: string) => wire.push(text));
    await raw.subscribe(`${prefix}bus:push`);

    const group = { groupID: 'g1', version: 7 };
    const toGroup: PushEvent = { userIDs: lists.n1!, reqIdentifier: 2001, data: { seq: 1 } as never, group };
    const toOne: PushEvent = { userIDs: ['a'], reqIdentifier: 2001, data: { seq: 2 } as never };
    nodes[0]!.bus.publish('push', toGroup);
    nodes[0]!.bus.publish('push', toOne);
    expect(nodes[0]!.got).toEqual([toGroup, toOne]);

    // On the wire: the group and its version, none of its members.
    await vi.waitFor(() => expect(wire).toHaveLength(2));
    const sent = JSON.parse(wire[0]!) as { p: PushEvent[] };
    expect(sent.p[0]).toMatchObject({ userIDs: [], group });
    // The one-to-one push waits behind the group push whose list n2 is still reading.
    await vi.waitFor(() => expect(asked).toContainEqual(group));
    await sleep(100);
    expect(nodes[1]!.got).toEqual([]);
    release();
    await vi.waitFor(() => expect(nodes[1]!.got).toHaveLength(2));
    expect(nodes[1]!.got.map((event) => event.userIDs)).toEqual([lists.n2, ['a']]);
    expect(nodes[1]!.got[0]).toMatchObject({ group, data: { seq: 1 } });
  });

  it('bus: another prefix (another install or test run) hears nothing', async () => {
    const publisher = new RedisBus({
      redis: await connect(),
      subscriber: await connect(),
      prefix: uniquePrefix(),
      nodeId: 'a',
      log,
    });
    const listener = new RedisBus({
      redis: await connect(),
      subscriber: await connect(),
      prefix: uniquePrefix(),
      nodeId: 'b',
      log,
    });
    await Promise.all([publisher.start(), listener.start()]);
    const got: unknown[] = [];
    listener.subscribe('invalidate', (event) => got.push(event));
    publisher.publish('invalidate', { cache: 'user', id: 'x' });
    await sleep(150);
    expect(got).toEqual([]);
  });

  it('presence: counts a session’s sockets on every live node, and a silent node’s entries expire', async () => {
    const prefix = uniquePrefix();
    const one = new RedisPresence({ redis: await connect(), prefix, nodeId: 'p1', ttlMs: 400, log });
    const crashing = await connect();
    const two = new RedisPresence({ redis: crashing, prefix, nodeId: 'p2', ttlMs: 400, log });
    await Promise.all([one.heartbeat(), two.heartbeat()]);
    one.add('u1', 't1');
    two.add('u1', 't1');
    two.add('u2', 't9');
    await vi.waitFor(async () => expect(await one.tokenSockets('u1', 't1')).toBe(2));
    expect(await one.online(['u1', 'u2', 'u3'])).toEqual(new Set(['u1', 'u2']));
    // Node p2 stops beating (its connection gone, as in a crash or SIGSTOP): its entries vanish.
    crashing.disconnect();
    await vi.waitFor(async () => expect(await one.tokenSockets('u1', 't1')).toBe(1), { timeout: 2000 });
    expect(await one.online(['u1', 'u2'])).toEqual(new Set(['u1']));
    one.remove('u1', 't1');
    expect(await one.tokenSockets('u1', 't1')).toBe(0);
    await one.close();
    await two.close();
  });

  it('rate limiter: one window shared by the nodes, reset when it ends', async () => {
    const prefix = uniquePrefix();
    const a = new RedisRateLimiter({ redis: await connect(), prefix, capacity: 100, log });
    const b = new RedisRateLimiter({ redis: await connect(), prefix, capacity: 100, log });
    const now = Date.now();
    await a.hit('k', 3, 1000, now);
    await b.hit('k', 3, 1000, now);
    await a.hit('k', 3, 1000, now);
    const refused = await b.hit('k', 3, 1000, now + 10).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ errCode: ErrCode.TOO_FREQUENT, retryAfter: 1 });
    // The window ended: a fresh count.
    await expect(a.hit('k', 3, 1000, now + 1000)).resolves.toBeUndefined();
  });

  it('rate limiter: full of live windows, refuses new keys and keeps the old ones', async () => {
    const prefix = uniquePrefix();
    const a = new RedisRateLimiter({ redis: await connect(), prefix, capacity: 2, log });
    const now = Date.now();
    await a.hit('one', 1, 60_000, now);
    await a.hit('two', 1, 60_000, now);
    await expect(a.hit('three', 1, 60_000, now)).rejects.toMatchObject({ errCode: ErrCode.TOO_FREQUENT });
    // The live windows still hold their lockouts.
    await expect(a.hit('one', 1, 60_000, now)).rejects.toMatchObject({ errCode: ErrCode.TOO_FREQUENT });
  });

  it('rate limiter: with Redis away, still limits on this node', async () => {
    const gone = await connect();
    const a = new RedisRateLimiter({ redis: gone, prefix: uniquePrefix(), capacity: 10, log });
    gone.disconnect();
    await a.hit('k', 1, 60_000);
    await expect(a.hit('k', 1, 60_000)).rejects.toMatchObject({ errCode: ErrCode.TOO_FREQUENT });
  });

  it('job lock: one holder; a holder that goes silent loses the job when its lock expires', async () => {
    const prefix = uniquePrefix();
    const crashing = await connect();
    const runs: string[] = [];
    const first = new RedisJobRunner({ redis: crashing, prefix, nodeId: 'j1', lockTtlMs: 400, log });
    first.every('sweep', 30, async () => void runs.push('j1'));
    await vi.waitFor(() => expect(first.holds('sweep')).toBe(true));
    const second = new RedisJobRunner({ redis: await connect(), prefix, nodeId: 'j2', lockTtlMs: 400, log });
    second.every('sweep', 30, async () => void runs.push('j2'));
    await sleep(300);
    expect(second.holds('sweep')).toBe(false);
    expect(new Set(runs)).toEqual(new Set(['j1']));
    // j1 can neither renew nor release: j2 takes over once the lock expired, and j1 stops by itself.
    crashing.disconnect();
    await vi.waitFor(() => expect(second.holds('sweep')).toBe(true), { timeout: 2000 });
    expect(first.holds('sweep')).toBe(false);
    const from = runs.length;
    await sleep(200);
    expect(new Set(runs.slice(from))).toEqual(new Set(['j2']));
    await first.stop();
    await second.stop();
  });
});
