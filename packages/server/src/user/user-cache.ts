import type { Database } from '../storage/database.ts';
import { findUserByID } from './user-queries.ts';
import type { UserRow } from './user-queries.ts';

/** How long another node's profile change may take to show on messages sent through this node. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  row: UserRow | undefined;
  until: number;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * A user's row for the message hot path (sender nickname and face on every send), read at most once
 * per 30 s. Profile changes on this node forget the entry at once (forgetUser); on other nodes of a
 * scale-out the old name shows on new messages for at most the TTL.
 */
export async function cachedUser(
  db: Database,
  userID: string,
  now = Date.now(),
): Promise<UserRow | undefined> {
  const cache = cacheOf(db);
  const hit = cache.get(userID);
  if (hit && hit.until > now) return hit.row;
  const row = await findUserByID(db, userID);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(userID, { row, until: now + TTL_MS });
  return row;
}

export function forgetUser(db: Database, userID: string): void {
  caches.get(db)?.delete(userID);
}
