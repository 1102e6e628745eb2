import type { Database } from '../storage/database.ts';
import type { FileStorage } from './file-storage.ts';

/** An upload nothing refers to is deleted this long after it was made (docs/api.md "Uploads"). */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 3600 * 1000;
/** How often the app sweeps (the `upload-sweep` job, docs/operations.md#background-jobs). */
export const UPLOAD_SWEEP_INTERVAL_MS = 3600 * 1000;
const BATCH = 200;

const urlOf = (name: string) => `/api/object/${name}`;

/**
 * Deletes uploads older than `maxAgeMs` that no stored message refers to (messages mark theirs when
 * stored) and that are no user's or group's avatar (looked up here: avatars change through several
 * areas). Answers the names deleted.
 */
export async function sweepUploads(
  db: Database,
  storage: FileStorage,
  now: number,
  maxAgeMs = UNREFERENCED_UPLOAD_TTL_MS,
): Promise<string[]> {
  const candidates = await db
    .selectFrom('uploads')
    .select('name')
    .where('referenced', '=', 0)
    .where('createdAt', '<', now - maxAgeMs)
    .orderBy('createdAt')
    .limit(BATCH)
    .execute();
  const deleted: string[] = [];
  for (const { name } of candidates) {
    const avatar =
      (await db.selectFrom('users').select('userId').where('faceUrl', '=', urlOf(name)).executeTakeFirst()) ??
      (await db.selectFrom('groups').select('groupId').where('faceUrl', '=', urlOf(name)).executeTakeFirst());
    if (avatar) {
      await db.updateTable('uploads').set({ referenced: 1 }).where('name', '=', name).execute();
      continue;
    }
    // The record goes first, and only while still unreferenced: a message stored meanwhile keeps it.
    const gone = await db
      .deleteFrom('uploads')
      .where('name', '=', name)
      .where('referenced', '=', 0)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) continue;
    await storage.delete(name);
    deleted.push(name);
  }
  return deleted;
}
