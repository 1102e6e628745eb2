import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { ErrCode } from '@im/protocol';
import { AppError } from './app-error.ts';
import { MemoryRateLimiter } from './rate-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * One hit, atomically. KEYS[1] the window (hash end/count), KEYS[2] the index of live windows (zset
 * key → end). ARGV: now, windowMs, capacity. Answers {count, end}, or {-1, earliest end} when the index
 * is full of live windows and this key has none.
 */
const HIT = `
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
local ends = tonumber(redis.call('HGET', KEYS[1], 'end') or '0')
if ends > now then
  return {redis.call('HINCRBY', KEYS[1], 'count', 1), ends}
end
if not redis.call('ZSCORE', KEYS[2], KEYS[1]) then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if redis.call('ZCARD', KEYS[2]) >= cap then
    local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    return {-1, tonumber(first[2])}
  end
end
ends = now + win
redis.call('HSET', KEYS[1], 'end', ends, 'count', 1)
redis.call('PEXPIRE', KEYS[1], win)
redis.call('ZADD', KEYS[2], ends, KEYS[1])
if redis.call('PTTL', KEYS[2]) < win then redis.call('PEXPIRE', KEYS[2], win) end
return {1, ends}`;

export interface RedisRateLimiterOptions {
  redis: Redis;
  prefix: string;
  /** Live windows held at most (RATE_LIMIT_KEYS); past it, new keys are refused. */
  capacity: number;
  log: FastifyBaseLogger;
}

const tooFrequent = (retryAfter: number) =>
  new AppError(ErrCode.TOO_FREQUENT, { retryAfter, detail: `retry after ${retryAfter}s` });

/**
 * The rate limiter shared by all nodes (docs/operations.md#scale-out-redis), with the in-process
 * one's semantics: fixed windows, a live window is never dropped (its key expires with the window),
 * and with `capacity` live windows a new key is refused rather than an old one forgotten. While
 * Redis is away each node counts in its own memory, so limits loosen to one set per node, never lift.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #o: RedisRateLimiterOptions;
  readonly #fallback: MemoryRateLimiter;
  #warned = false;

  constructor(options: RedisRateLimiterOptions) {
    this.#o = options;
    this.#fallback = new MemoryRateLimiter({ capacity: options.capacity });
  }

  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<void> {
    const { redis, prefix, capacity } = this.#o;
    let answer: [number, number];
    try {
      answer = (await redis.eval(
        HIT,
        2,
        `${prefix}rate:${key}`,
        `${prefix}rate-index`,
        now,
        windowMs,
        capacity,
      )) as [number, number];
      this.#warned = false;
    } catch (error) {
      if (!this.#warned) this.#o.log.warn({ err: error }, 'rate limiter: redis away, counting on this node');
      this.#warned = true;
      return this.#fallback.hit(key, limit, windowMs, now);
    }
    const [count, end] = answer.map(Number);
    if (count === -1 || count > limit) throw tooFrequent(Math.max(1, Math.ceil((end - now) / 1000)));
  }
}
