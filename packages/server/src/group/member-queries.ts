import { sql } from 'kysely';
import type { Insertable, Transaction, Updateable } from 'kysely';
import { RoleLevel } from '@im/protocol';
import { knownUnique } from '../push/push.ts';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import type { GroupMembersTable } from '../storage/groups-schema.ts';
import type { Tables } from '../storage/tables.ts';

type Db = Database | Transaction<Tables>;

/** Reads and writes of group_members; a member row always comes with the user's current profile. */

function withProfile(db: Db) {
  return db
    .selectFrom('groupMembers as gm')
    .innerJoin('users as u', 'u.userId', 'gm.userId')
    .selectAll('gm')
    .select(['u.nickname', 'u.faceUrl']);
}

type RawMember = Awaited<ReturnType<ReturnType<typeof withProfile>['execute']>>[number];
export type MemberRow = RawMember;

function normalize(row: RawMember): MemberRow {
  return { ...row, joinTime: Number(row.joinTime), muteEndTime: Number(row.muteEndTime) };
}

export async function findMember(db: Db, groupID: string, userID: string): Promise<MemberRow | undefined> {
  const row = await withProfile(db)
    .where('gm.groupId', '=', groupID)
    .where('gm.userId', '=', userID)
    .executeTakeFirst();
  return row && normalize(row);
}

/** Whether the user is (still) a member of the group. */
export async function isGroupMember(db: Db, groupID: string, userID: string): Promise<boolean> {
  const row = await db
    .selectFrom('groupMembers')
    .select('userId')
    .where('groupId', '=', groupID)
    .where('userId', '=', userID)
    .executeTakeFirst();
  return row !== undefined;
}

/** The members among the ids (non-members left out), owner first, then admins, then by joining. */
export async function membersAmong(db: Db, groupID: string, userIDs: string[]): Promise<MemberRow[]> {
  if (userIDs.length === 0) return [];
  const rows = await withProfile(db)
    .where('gm.groupId', '=', groupID)
    .where('gm.userId', 'in', [...new Set(userIDs)])
    .orderBy('gm.roleLevel', 'desc')
    .orderBy('gm.joinTime')
    .orderBy('gm.userId')
    .execute();
  return rows.map(normalize);
}

/** A page of the members: owner, admins, then members by join time (ties by id, so pages never overlap). */
export async function memberPage(
  db: Db,
  groupID: string,
  offset: number,
  count: number,
): Promise<{ rows: MemberRow[]; total: number }> {
  const rows = await withProfile(db)
    .where('gm.groupId', '=', groupID)
    .orderBy('gm.roleLevel', 'desc')
    .orderBy('gm.joinTime')
    .orderBy('gm.userId')
    .limit(count)
    .offset(offset)
    .execute();
  const { total } = await db
    .selectFrom('groupMembers')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('groupId', '=', groupID)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(normalize), total: Number(total) };
}

/**
 * Every member's user ID (message fan-out, notification recipients). Read on every group send, all
 * members online or not: compiled once and without the camel-case plugin, whose mapping of each row
 * (a new object per member) was a third of the read for a 10,000-member group
 * (docs/decisions.md#group-fan-out).
 */
export async function memberIDs(db: Db, groupID: string): Promise<readonly string[]> {
  const { rows } = await runCompiled<{ user_id: string }>(
    db.withoutPlugins(),
    'group-member-ids',
    () => sql`SELECT user_id FROM group_members WHERE group_id = ${groupID}`,
    [groupID],
  );
  // Each member once (the primary key): their pushes skip the de-duplication (push.ts).
  return knownUnique(rows.map((r) => r.user_id));
}

/** The owner and admins: who handles applications and hears of them. */
export async function managerIDs(db: Db, groupID: string): Promise<string[]> {
  const rows = await db
    .selectFrom('groupMembers')
    .select('userId')
    .where('groupId', '=', groupID)
    .where('roleLevel', '>=', RoleLevel.Admin)
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * Bumps the group's member version: every write of its member rows below does, in its transaction,
 * so a node's kept member list is never used after the change commits (group-member-cache.ts). It
 * comes first, so that every transaction changing members locks the group row before member rows
 * (one order on PostgreSQL, no deadlock between two of them).
 */
async function bumpMemberVersion(trx: Transaction<Tables>, groupID: string): Promise<void> {
  await runCompiled(
    trx,
    'group-member-version-bump',
    () => sql`UPDATE groups SET member_version = member_version + 1 WHERE group_id = ${groupID}`,
    [groupID],
  );
}

export async function insertMembers(
  trx: Transaction<Tables>,
  rows: Insertable<GroupMembersTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  for (const groupID of new Set(rows.map((r) => r.groupId))) await bumpMemberVersion(trx, groupID);
  await trx.insertInto('groupMembers').values(rows).execute();
}

/** Deletes the members; answers how many there were. */
export async function deleteMembers(
  trx: Transaction<Tables>,
  groupID: string,
  userIDs: string[],
): Promise<number> {
  if (userIDs.length === 0) return 0;
  await bumpMemberVersion(trx, groupID);
  const result = await trx
    .deleteFrom('groupMembers')
    .where('groupId', '=', groupID)
    .where('userId', 'in', userIDs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Updates one member; answers whether the row was there. */
export async function updateMember(
  trx: Transaction<Tables>,
  groupID: string,
  userID: string,
  set: Updateable<GroupMembersTable>,
): Promise<boolean> {
  await bumpMemberVersion(trx, groupID);
  const result = await trx
    .updateTable('groupMembers')
    .set(set)
    .where('groupId', '=', groupID)
    .where('userId', '=', userID)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
