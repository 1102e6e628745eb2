import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * One ioredis connection for the scale-out pieces (docs/operations.md#scale-out-redis). Commands are
 * not queued while Redis is away: they fail at once, and each caller has its fallback (the bus drops
 * the cross-node copy and clients fill the gap by seq, the limiter counts on this node, the job lock is
 * not held). ioredis reconnects on its own with a capped back-off.
 */
export function connectRedis(url: string, log: FastifyBaseLogger, role: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: role === 'subscriber',
    maxRetriesPerRequest: 1,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    connectionName: `im-${role}`,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error, redis: role }, 'redis connection lost; retrying');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info({ redis: role }, 'redis connection back');
    down = false;
  });
  return redis;
}

/** Waits until the connection is ready (startup), failing after `timeoutMs`. */
export async function redisReady(redis: Redis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`redis not reachable within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
