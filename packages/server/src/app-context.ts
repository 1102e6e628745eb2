import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from './auth/token-service.ts';
import type { Bus } from './bus/bus.ts';
import type { Config } from './config/config.ts';
import type { TurnBudget } from './http/turn-budget.ts';
import type { RateLimiter } from './http/rate-limiter.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { Presence } from './presence/presence.ts';
import type { MessageWriter } from './message/message-store.ts';
import type { Push } from './push/push.ts';
import type { SearchIndex } from './search/search-index.ts';
import type { ReadThread } from './storage/read-thread.ts';
import type { Database, DialectName } from './storage/database.ts';
import type { UserCache } from './user/user-cache.ts';
import type { OneToOneFactsCache } from './message/one-to-one-facts-cache.ts';
import type { GroupMemberCache } from './group/group-member-cache.ts';

/**
 * What every area's routes and services are built from, made once by buildApp (src/app.ts). The
 * pieces that hold state across requests sit behind small interfaces, so that the scale-out issue
 * can build Redis-backed ones here without touching the areas.
 */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: DialectName;
  /** Carries pushes and session ends to whichever node holds the sockets; areas use `push`. */
  bus: Bus;
  /** The one path to users' sockets (src/push/push.ts). */
  push: Push;
  tokens: TokenService;
  /** Account and login limits (shared by the nodes with REDIS_URL). */
  limiter: RateLimiter;
  /** Which users hold sockets, on which node (docs/operations.md#scale-out-redis). */
  presence: Presence;
  /** Background jobs: `ctx.jobs.every(name, intervalMs, run)`; one node runs each (src/jobs/). */
  jobs: JobRunner;
  /** Senders' rows for the message hot path. */
  userCache: UserCache;
  /** What one-to-one sends are decided on, per pair; `forget` it after changing any of it. */
  sendFacts: OneToOneFactsCache;
  /** Group member lists per member version (group/group-member-cache.ts); nothing to forget. */
  groupMembers: GroupMemberCache;
  /** Message search's index: a search catches it up before it reads (search/search-index.ts). */
  searchIndex: SearchIndex;
  /** SQLite's pulls read on a thread of their own (storage/read-thread.ts); none on PostgreSQL. */
  reads?: ReadThread;
  /** The one way a message is stored. */
  messageWriter: MessageWriter;
  log: FastifyBaseLogger;
  /** What each turn of the event loop may start (http/turn-budget.ts): sockets, their requests, signed-in calls. */
  turns: TurnBudget;
}
