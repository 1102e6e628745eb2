import { sql } from 'kysely';
import type { Selectable, Transaction } from 'kysely';
import type { FriendInfo } from '@im/protocol';
import type { FriendsTable } from '../storage/contacts-schema.ts';
import { runCompiledAmong } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';

type Db = Database | Transaction<Tables>;
export type FriendRow = Selectable<FriendsTable>;

/** A friend row with the friend's current profile. */
function withProfile(db: Db) {
  return db
    .selectFrom('friends')
    .innerJoin('users', 'users.userId', 'friends.friendUserId')
    .select([
      'friends.ownerUserId',
      'friends.friendUserId',
      'friends.remark',
      'friends.createTime',
      'users.nickname',
      'users.faceUrl',
      'users.gender',
    ]);
}

type ProfiledRow = Awaited<ReturnType<ReturnType<typeof withProfile>['execute']>>[number];

function toFriendInfo(row: ProfiledRow): FriendInfo {
  return {
    ownerUserID: row.ownerUserId,
    userID: row.friendUserId,
    nickname: row.nickname,
    faceURL: row.faceUrl,
    gender: row.gender,
    remark: row.remark,
    createTime: Number(row.createTime),
  };
}

/** A page of the owner's friends in friendship order (then by id, so pages never overlap). */
export async function friendPage(
  db: Database,
  ownerUserID: string,
  offset: number,
  count: number,
): Promise<{ friends: FriendInfo[]; total: number }> {
  const rows = await withProfile(db)
    .where('friends.ownerUserId', '=', ownerUserID)
    .orderBy('friends.createTime')
    .orderBy('friends.friendUserId')
    .limit(count)
    .offset(offset)
    .execute();
  const { total } = await db
    .selectFrom('friends')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('ownerUserId', '=', ownerUserID)
    .executeTakeFirstOrThrow();
  return { friends: rows.map(toFriendInfo), total: Number(total) };
}

/** The owner's friends among the ids (the others are left out). */
export async function friendsAmong(
  db: Db,
  ownerUserID: string,
  friendUserIDs: string[],
): Promise<FriendInfo[]> {
  if (friendUserIDs.length === 0) return [];
  const rows = await withProfile(db)
    .where('friends.ownerUserId', '=', ownerUserID)
    .where('friends.friendUserId', 'in', [...new Set(friendUserIDs)])
    .orderBy('friends.createTime')
    .execute();
  return rows.map(toFriendInfo);
}

export async function friendInfo(db: Db, ownerUserID: string, friendUserID: string) {
  const [info] = await friendsAmong(db, ownerUserID, [friendUserID]);
  return info;
}

/** Makes the pair friends on both sides; an existing side is kept as it is (its remark too). */
export async function insertFriendship(
  trx: Transaction<Tables>,
  sides: { ownerUserID: string; friendUserID: string; remark?: string }[],
  createTime: number,
): Promise<void> {
  for (const side of sides) {
    await trx
      .insertInto('friends')
      .values({
        ownerUserId: side.ownerUserID,
        friendUserId: side.friendUserID,
        remark: side.remark ?? '',
        createTime,
      })
      .onConflict((oc) => oc.columns(['ownerUserId', 'friendUserId']).doNothing())
      .execute();
  }
}

/** Ends the friendship on both sides. */
export async function deleteFriendship(
  trx: Transaction<Tables>,
  userA: string,
  userB: string,
): Promise<void> {
  await trx
    .deleteFrom('friends')
    .where((eb) =>
      eb.or([
        eb.and([eb('ownerUserId', '=', userA), eb('friendUserId', '=', userB)]),
        eb.and([eb('ownerUserId', '=', userB), eb('friendUserId', '=', userA)]),
      ]),
    )
    .execute();
}

export async function setRemark(
  db: Database,
  ownerUserID: string,
  friendUserID: string,
  remark: string,
): Promise<boolean> {
  const result = await db
    .updateTable('friends')
    .set({ remark })
    .where('ownerUserId', '=', ownerUserID)
    .where('friendUserId', '=', friendUserID)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The owner's remarks for those of the users who are friends (conversation names, user cards). */
export async function remarksOf(
  db: Database,
  ownerUserID: string,
  userIDs: string[],
): Promise<Map<string, string>> {
  if (userIDs.length === 0) return new Map();
  // Plain SQL compiled once per number of ids: every list page asks (docs/decisions.md#hot-reads-in-plain-sql).
  const ids = [...new Set(userIDs)];
  const { rows } = await runCompiledAmong(
    db,
    'remarks-of',
    ids,
    sql<{ friendUserId: string; remark: string }>`SELECT friend_user_id, remark FROM friends
      WHERE owner_user_id = ${ownerUserID} AND friend_user_id IN (${sql.join(ids)})`,
    [ownerUserID],
  );
  return new Map(rows.map((r) => [r.friendUserId, r.remark]));
}
