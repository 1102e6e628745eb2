import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database.ts';

/**
 * Rows kept this long after they expired, so that a late caller still hears "expired" (20007, 1501)
 * rather than "wrong" before the row goes.
 */
export const PURGE_GRACE_MS = 24 * 3600 * 1000;

/** Deletes sessions and verification codes that expired more than PURGE_GRACE_MS ago. */
export async function purgeExpired(
  db: Database,
  now = Date.now(),
): Promise<{ sessions: number; codes: number }> {
  const before = now - PURGE_GRACE_MS;
  const sessions = await db.deleteFrom('sessions').where('expireTime', '<', before).executeTakeFirst();
  const codes = await db.deleteFrom('verifyCodes').where('expireTime', '<', before).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), codes: Number(codes.numDeletedRows) };
}

/**
 * The periodic purge (docs/operations.md#sockets-and-uploads), started by buildApp and stopped when the
 * app closes. One run at a time; a failing run (the database away) is logged and the next one tries
 * again.
 */
export function startPurgeJob(
  db: Database,
  intervalMs: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = purgeExpired(db)
      .then((purged) => {
        if (purged.sessions + purged.codes > 0) log.info(purged, 'purged expired sessions and codes');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'purge of expired rows failed'));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
