import { sql } from 'kysely';
import type { Database } from '../storage/database.ts';
import type { UploadsTable } from '../storage/uploads-schema.ts';

export type UploadRecord = UploadsTable;

export async function insertUpload(db: Database, record: UploadRecord): Promise<void> {
  await db.insertInto('uploads').values(record).execute();
}

export async function findUpload(db: Database, name: string): Promise<UploadRecord | undefined> {
  return db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Bytes the owner stored since `since` (the daily quota). */
export async function uploadedSince(db: Database, ownerId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<number | string | null>`sum(size)`.as('total'))
    .where('ownerId', '=', ownerId)
    .where('createdAt', '>=', since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Marks the uploads a stored message refers to; names never uploaded are ignored. */
export async function markReferenced(db: Database, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.updateTable('uploads').set({ referenced: 1 }).where('name', 'in', names).execute();
}
