import type { Bus } from '../bus/bus.ts';
import type { Database } from '../storage/database.ts';
import { ExpiringCache } from '../storage/expiring-cache.ts';
import { findUserByID } from './user-queries.ts';
import type { UserRow } from './user-queries.ts';

/**
 * Users' rows for the message hot path (sender nickname and face on every send). Built once in the
 * app's composition root (src/app.ts), so that the scale-out issue can put a shared one in its place
 * without touching the areas.
 */
export interface UserCache {
  get(userID: string, now?: number): Promise<UserRow | undefined>;
  /** A profile changed: the next get reads it again. */
  forget(userID: string): void;
}

const MAX_ENTRIES = 100_000;

/**
 * In memory, each row read at most once per `lifetimeMs` (the bus's: bus/bus.ts cachedRowLifetimeMs,
 * 30 s with Redis). Profile changes forget the entry at once on this node; on other nodes of a
 * scale-out the old name shows on new messages for at most that long when the event was lost.
 */
export class MemoryUserCache implements UserCache {
  readonly #db: Database;
  readonly #rows: ExpiringCache<UserRow | undefined>;

  constructor(db: Database, lifetimeMs: number) {
    this.#db = db;
    this.#rows = new ExpiringCache<UserRow | undefined>(lifetimeMs, MAX_ENTRIES);
  }

  get(userID: string, now = Date.now()): Promise<UserRow | undefined> {
    return this.#rows.get(userID, () => findUserByID(this.#db, userID), now);
  }

  forget(userID: string): void {
    this.#rows.forget(userID);
  }
}

/**
 * Forgets across nodes: a profile change publishes `invalidate` on the bus and every node (this one
 * at once) drops its cached row, so the new name shows on the next message sent through any node
 * (docs/decisions.md#scale-out-redis). The entries' life stays as the bound when Redis lost the event.
 */
export class BusInvalidatedUserCache implements UserCache {
  readonly #inner: UserCache;
  readonly #bus: Bus;

  constructor(inner: UserCache, bus: Bus) {
    this.#inner = inner;
    this.#bus = bus;
    bus.subscribe('invalidate', (event) => {
      if (event.cache === 'user') inner.forget(event.id);
    });
  }

  get(userID: string, now?: number): Promise<UserRow | undefined> {
    return this.#inner.get(userID, now);
  }

  forget(userID: string): void {
    this.#bus.publish('invalidate', { cache: 'user', id: userID });
  }
}
