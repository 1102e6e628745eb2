import type { BlackInfo } from '@im/protocol';
import type { Database } from '../storage/database.ts';

function withProfile(db: Database) {
  return db
    .selectFrom('blacks')
    .innerJoin('users', 'users.userId', 'blacks.blockUserId')
    .select([
      'blacks.ownerUserId',
      'blacks.blockUserId',
      'blacks.createTime',
      'users.nickname',
      'users.faceUrl',
      'users.gender',
    ]);
}

type ProfiledRow = Awaited<ReturnType<ReturnType<typeof withProfile>['execute']>>[number];

function toBlackInfo(row: ProfiledRow): BlackInfo {
  return {
    ownerUserID: row.ownerUserId,
    userID: row.blockUserId,
    nickname: row.nickname,
    faceURL: row.faceUrl,
    gender: row.gender,
    createTime: Number(row.createTime),
  };
}

export async function blackInfo(
  db: Database,
  ownerUserID: string,
  blockUserID: string,
): Promise<BlackInfo | undefined> {
  const row = await withProfile(db)
    .where('blacks.ownerUserId', '=', ownerUserID)
    .where('blacks.blockUserId', '=', blockUserID)
    .executeTakeFirst();
  return row ? toBlackInfo(row) : undefined;
}

/** True when the entry is new. */
export async function insertBlack(
  db: Database,
  ownerUserID: string,
  blockUserID: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('blacks')
    .values({ ownerUserId: ownerUserID, blockUserId: blockUserID, createTime: now })
    .onConflict((oc) => oc.columns(['ownerUserId', 'blockUserId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when there was an entry to remove. */
export async function deleteBlack(db: Database, ownerUserID: string, blockUserID: string): Promise<boolean> {
  const result = await db
    .deleteFrom('blacks')
    .where('ownerUserId', '=', ownerUserID)
    .where('blockUserId', '=', blockUserID)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A page of the owner's blacklist, oldest first. */
export async function blackPage(
  db: Database,
  ownerUserID: string,
  offset: number,
  count: number,
): Promise<{ blacks: BlackInfo[]; total: number }> {
  const rows = await withProfile(db)
    .where('blacks.ownerUserId', '=', ownerUserID)
    .orderBy('blacks.createTime')
    .orderBy('blacks.blockUserId')
    .limit(count)
    .offset(offset)
    .execute();
  const { total } = await db
    .selectFrom('blacks')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('ownerUserId', '=', ownerUserID)
    .executeTakeFirstOrThrow();
  return { blacks: rows.map(toBlackInfo), total: Number(total) };
}
