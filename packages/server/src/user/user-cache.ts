import type { Database } from '../storage/database.ts';
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

/** How long another node's profile change may take to show on messages sent through this node. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  row: UserRow | undefined;
  until: number;
}

/**
 * In memory, each row read at most once per 30 s. Profile changes on this node forget the entry at
 * once; on other nodes of a scale-out the old name shows on new messages for at most the TTL.
 */
export class MemoryUserCache implements UserCache {
  readonly #db: Database;
  readonly #entries = new Map<string, Entry>();

  constructor(db: Database) {
    this.#db = db;
  }

  async get(userID: string, now = Date.now()): Promise<UserRow | undefined> {
    const hit = this.#entries.get(userID);
    if (hit && hit.until > now) return hit.row;
    const row = await findUserByID(this.#db, userID);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(userID, { row, until: now + TTL_MS });
    return row;
  }

  forget(userID: string): void {
    this.#entries.delete(userID);
  }
}
