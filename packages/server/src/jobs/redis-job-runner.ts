import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { Job } from './job-runner.ts';
import type { JobRun, JobRunner } from './job-runner.ts';

export interface RedisJobRunnerOptions {
  redis: Redis;
  prefix: string;
  nodeId: string;
  /** How long a lock outlives its holder's last renewal (JOB_LOCK_TTL_MS); renewed every third of it. */
  lockTtlMs: number;
  log: FastifyBaseLogger;
}

/** Takes the lock if free, or renews it if this node holds it: 1 when held afterwards. */
const ACQUIRE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;

/** Lets go of the lock only if this node still holds it. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Each job runs on exactly one node at a time (docs/decisions.md#scale-out-redis): every node tries
 * the job's lock (`job:<name>`, SET NX PX holding the node id) every third of the lock's TTL and the
 * holder renews it; only a node that holds the lock and renewed it within the TTL runs the job. A
 * stopping node releases its locks, so the job moves at once; a crashed or paused one loses them
 * when they expire. A node cut off from Redis stops running jobs until it holds the lock again.
 */
export class RedisJobRunner implements JobRunner {
  readonly #o: RedisJobRunnerOptions;
  readonly #jobs: Job[] = [];
  /** When each job's lock was last confirmed held by this node. */
  readonly #heldAt = new Map<string, number>();
  readonly #timer: NodeJS.Timeout;
  #stopped = false;

  constructor(options: RedisJobRunnerOptions) {
    this.#o = options;
    this.#timer = setInterval(() => void this.renew(), Math.max(50, Math.floor(options.lockTtlMs / 3)));
    this.#timer.unref();
  }

  #key(name: string): string {
    return `${this.#o.prefix}job:${name}`;
  }

  every(name: string, intervalMs: number, run: JobRun): void {
    const job = new Job(name, run, this.#o.log);
    job.timer = setInterval(() => {
      if (this.holds(name)) job.tick();
    }, intervalMs);
    job.timer.unref();
    this.#jobs.push(job);
    void this.#acquire(name);
  }

  /** Whether this node may run the job now (its lock held and renewed within the TTL). */
  holds(name: string, now = Date.now()): boolean {
    const at = this.#heldAt.get(name);
    return !this.#stopped && at !== undefined && now - at < this.#o.lockTtlMs;
  }

  /** Takes or renews every job's lock (every ttl/3; tests call it). */
  async renew(): Promise<void> {
    await Promise.all(this.#jobs.map((job) => this.#acquire(job.name)));
  }

  async #acquire(name: string): Promise<void> {
    if (this.#stopped) return;
    const started = Date.now();
    try {
      const held = await this.#o.redis.eval(ACQUIRE, 1, this.#key(name), this.#o.nodeId, this.#o.lockTtlMs);
      if (held === 1 && !this.#stopped) {
        if (!this.#heldAt.has(name)) this.#o.log.info({ job: name }, 'background job lock taken');
        this.#heldAt.set(name, started);
      } else this.#heldAt.delete(name);
    } catch {
      // Redis away: the lock may expire meanwhile and go to another node, so this one stops running.
      this.#heldAt.delete(name);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.all(this.#jobs.map((job) => job.stop()));
    await Promise.all(
      [...this.#heldAt.keys()].map((name) =>
        this.#o.redis.eval(RELEASE, 1, this.#key(name), this.#o.nodeId).catch(() => undefined),
      ),
    );
    this.#heldAt.clear();
  }
}
