import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { InProcessBus } from '../bus/bus.ts';
import type { Bus } from '../bus/bus.ts';
import { RedisBus } from '../bus/redis-bus.ts';
import type { GroupListResolver } from '../bus/push-wire.ts';
import type { Config } from '../config/config.ts';
import { MemoryRateLimiter } from '../http/rate-limiter.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import { RedisRateLimiter } from '../http/redis-rate-limiter.ts';
import { InProcessJobRunner } from '../jobs/job-runner.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { RedisJobRunner } from '../jobs/redis-job-runner.ts';
import { LocalPresence } from '../presence/presence.ts';
import type { Presence } from '../presence/presence.ts';
import { RedisPresence } from '../presence/redis-presence.ts';
import { connectRedis, redisReady } from '../redis/redis-connection.ts';
import type { Metrics } from './metrics.ts';

/** The pieces that differ between one node and N (docs/decisions.md#scale-out-redis). */
export interface ScaleParts {
  bus: Bus;
  presence: Presence;
  limiter: RateLimiter;
  jobs: JobRunner;
  /** The command connection when REDIS_URL is set (readiness pings it). */
  redis?: Redis;
  /** After the jobs stopped: presence out, connections closed. */
  close(): Promise<void>;
}

/** In-process parts without REDIS_URL; Redis ones with it (waits until Redis answers at start). */
export async function buildScaleParts(
  config: Config,
  log: FastifyBaseLogger,
  metrics: Metrics,
  bus?: Bus,
  groupLists?: GroupListResolver,
): Promise<ScaleParts> {
  if (!config.REDIS_URL) {
    return {
      bus: bus ?? new InProcessBus(),
      presence: new LocalPresence(),
      limiter: new MemoryRateLimiter({ capacity: config.RATE_LIMIT_KEYS }),
      jobs: new InProcessJobRunner(log),
      close: async () => undefined,
    };
  }
  const redis = connectRedis(config.REDIS_URL, log, 'commands');
  const subscriber = connectRedis(config.REDIS_URL, log, 'subscriber');
  const common = { redis, prefix: config.REDIS_PREFIX, nodeId: config.NODE_ID, log };
  try {
    await Promise.all([redisReady(redis), redisReady(subscriber)]);
  } catch (error) {
    redis.disconnect();
    subscriber.disconnect();
    throw error;
  }
  let theBus = bus;
  if (!theBus) {
    const redisBus = new RedisBus({
      ...common,
      subscriber,
      onLag: (seconds) => metrics.busLag.observe(seconds),
      onPublishFailed: () => metrics.busPublishFailures.inc(),
      groupLists,
    });
    await redisBus.start();
    theBus = redisBus;
  }
  const presence = new RedisPresence({ ...common, ttlMs: config.PRESENCE_TTL_MS });
  await presence.heartbeat();
  return {
    bus: theBus,
    presence,
    limiter: new RedisRateLimiter({ ...common, capacity: config.RATE_LIMIT_KEYS }),
    jobs: new RedisJobRunner({ ...common, lockTtlMs: config.JOB_LOCK_TTL_MS }),
    redis,
    async close() {
      await presence.close();
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
