import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { LocalPresence, tokenKey } from './presence.ts';

export interface RedisPresenceOptions {
  redis: Redis;
  prefix: string;
  nodeId: string;
  /** How long a node's entries outlive its last heartbeat (PRESENCE_TTL_MS); it beats at a third of it. */
  ttlMs: number;
  log: FastifyBaseLogger;
}

/**
 * Presence in Redis: each node writes its own sockets' counts into two hashes of its own
 * (`presence:node:<id>:users`, `…:tokens`) that expire `ttlMs` after its last heartbeat, and lists
 * itself in `presence:nodes` with that expiry as score. A crashed or paused node stops beating, so its
 * entries vanish by themselves; a heartbeat rewrites the node's whole snapshot, which also repairs
 * what a Redis restart lost. Readers add this node's own counts (from memory) to the other live
 * nodes'; with Redis away they see this node only.
 */
export class RedisPresence extends LocalPresence {
  readonly #o: RedisPresenceOptions;
  readonly #timer: NodeJS.Timeout;

  constructor(options: RedisPresenceOptions) {
    super();
    this.#o = options;
    this.#timer = setInterval(() => void this.heartbeat(), Math.max(50, Math.floor(options.ttlMs / 3)));
    this.#timer.unref();
  }

  #key(kind: 'users' | 'tokens', nodeId = this.#o.nodeId): string {
    return `${this.#o.prefix}presence:node:${nodeId}:${kind}`;
  }

  override add(userID: string, tokenID: string): void {
    super.add(userID, tokenID);
    this.#bump(userID, tokenID, 1);
  }

  override remove(userID: string, tokenID: string): void {
    super.remove(userID, tokenID);
    this.#bump(userID, tokenID, -1);
  }

  #bump(userID: string, tokenID: string, by: number): void {
    const { redis, ttlMs } = this.#o;
    redis
      .multi()
      .hincrby(this.#key('users'), userID, by)
      .hincrby(this.#key('tokens'), tokenKey(userID, tokenID), by)
      .pexpire(this.#key('users'), ttlMs)
      .pexpire(this.#key('tokens'), ttlMs)
      .exec()
      // The next heartbeat writes the whole snapshot again.
      .catch(() => undefined);
  }

  /** Rewrites this node's snapshot and refreshes its expiry (every ttl/3; tests call it). */
  async heartbeat(): Promise<void> {
    const { redis, ttlMs, prefix, nodeId } = this.#o;
    const now = Date.now();
    const tx = redis.multi().del(this.#key('users'), this.#key('tokens'));
    const users = this.users.entries();
    const tokens = this.tokens.entries();
    if (users.length > 0) tx.hset(this.#key('users'), Object.fromEntries(users));
    if (tokens.length > 0) tx.hset(this.#key('tokens'), Object.fromEntries(tokens));
    tx.pexpire(this.#key('users'), ttlMs)
      .pexpire(this.#key('tokens'), ttlMs)
      .zadd(`${prefix}presence:nodes`, now + ttlMs, nodeId)
      .zremrangebyscore(`${prefix}presence:nodes`, '-inf', now)
      // The list goes too once every node has stopped beating (nothing is left behind in Redis).
      .pexpire(`${prefix}presence:nodes`, ttlMs);
    await tx.exec().catch((error: unknown) => {
      this.#o.log.debug({ err: error }, 'presence heartbeat failed');
    });
  }

  /** The other nodes whose heartbeat has not expired. */
  async #others(): Promise<string[]> {
    const live = await this.#o.redis.zrangebyscore(`${this.#o.prefix}presence:nodes`, Date.now(), '+inf');
    return live.filter((id) => id !== this.#o.nodeId);
  }

  override async tokenSockets(userID: string, tokenID: string): Promise<number> {
    let total = await super.tokenSockets(userID, tokenID);
    try {
      const others = await this.#others();
      const counts = await Promise.all(
        others.map((id) => this.#o.redis.hget(this.#key('tokens', id), tokenKey(userID, tokenID))),
      );
      for (const count of counts) total += Math.max(0, Number(count ?? 0));
    } catch {
      // Redis away: this node's own count still caps.
    }
    return total;
  }

  override async online(userIDs: string[]): Promise<Set<string>> {
    const found = await super.online(userIDs);
    if (userIDs.length === 0) return found;
    try {
      for (const id of await this.#others()) {
        const counts = await this.#o.redis.hmget(this.#key('users', id), ...userIDs);
        counts.forEach((count, i) => {
          if (Number(count ?? 0) > 0) found.add(userIDs[i]);
        });
      }
    } catch {
      // Redis away: who is on this node.
    }
    return found;
  }

  /** A stopping node takes its entries out at once instead of waiting for them to expire. */
  override async close(): Promise<void> {
    clearInterval(this.#timer);
    const { redis, prefix, nodeId } = this.#o;
    await redis
      .multi()
      .del(this.#key('users'), this.#key('tokens'))
      .zrem(`${prefix}presence:nodes`, nodeId)
      .exec()
      .catch(() => undefined);
  }
}
