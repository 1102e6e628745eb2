import type { Database } from './database.ts';

/**
 * Rows kept this long after they expired, so that a late caller still hears "expired" (20007, 1501)
 * rather than "wrong" before the row goes.
 */
export const PURGE_GRACE_MS = 24 * 3600 * 1000;

/**
 * Deletes sessions and verification codes that expired more than PURGE_GRACE_MS ago: the `purge` job,
 * every PURGE_INTERVAL_MS on one node (docs/operations.md#background-jobs).
 */
export async function purgeExpired(
  db: Database,
  now = Date.now(),
): Promise<{ sessions: number; codes: number }> {
  const before = now - PURGE_GRACE_MS;
  const sessions = await db.deleteFrom('sessions').where('expireTime', '<', before).executeTakeFirst();
  const codes = await db.deleteFrom('verifyCodes').where('expireTime', '<', before).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), codes: Number(codes.numDeletedRows) };
}
