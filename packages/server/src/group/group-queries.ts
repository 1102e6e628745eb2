import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { GroupStatus } from '@im/protocol';
import type { Database } from '../storage/database.ts';
import type { GroupsTable } from '../storage/groups-schema.ts';
import type { Tables } from '../storage/tables.ts';

type Db = Database | Transaction<Tables>;
export type GroupRow = Selectable<GroupsTable>;
export type GroupChanges = Updateable<GroupsTable>;

/** Reads and writes of the groups table. Times are normalized to numbers (PostgreSQL int8). */

function normalize(row: GroupRow): GroupRow {
  return {
    ...row,
    createTime: Number(row.createTime),
    notificationUpdateTime: Number(row.notificationUpdateTime),
    memberVersion: Number(row.memberVersion),
  };
}

export async function findGroup(db: Db, groupID: string): Promise<GroupRow | undefined> {
  const row = await db.selectFrom('groups').selectAll().where('groupId', '=', groupID).executeTakeFirst();
  return row && normalize(row);
}

export async function insertGroup(trx: Transaction<Tables>, row: Insertable<GroupsTable>): Promise<void> {
  await trx.insertInto('groups').values(row).execute();
}

export async function updateGroup(trx: Db, groupID: string, set: GroupChanges): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await trx.updateTable('groups').set(set).where('groupId', '=', groupID).execute();
}

/** Members per group, for the groups given. */
export async function memberCounts(db: Db, groupIDs: string[]): Promise<Map<string, number>> {
  if (groupIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('groupMembers')
    .select(['groupId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('groupId', 'in', [...new Set(groupIDs)])
    .groupBy('groupId')
    .execute();
  return new Map(rows.map((r) => [r.groupId, Number(r.count)]));
}

/** The user's groups among the ids (any status: a dismissed group stays readable to its members). */
export async function groupsOfMember(db: Db, userID: string, groupIDs: string[]): Promise<GroupRow[]> {
  if (groupIDs.length === 0) return [];
  const rows = await db
    .selectFrom('groups')
    .innerJoin('groupMembers as gm', 'gm.groupId', 'groups.groupId')
    .selectAll('groups')
    .where('gm.userId', '=', userID)
    .where('groups.groupId', 'in', [...new Set(groupIDs)])
    .execute();
  return rows.map(normalize);
}

/** A page of the user's groups in joining order (dismissed ones left out), with the total. */
export async function joinedGroupPage(
  db: Db,
  userID: string,
  offset: number,
  count: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const base = db
    .selectFrom('groups')
    .innerJoin('groupMembers as gm', 'gm.groupId', 'groups.groupId')
    .where('gm.userId', '=', userID)
    .where('groups.status', '!=', GroupStatus.Dismissed);
  const rows = await base
    .selectAll('groups')
    .orderBy('gm.joinTime')
    .orderBy('groups.groupId')
    .limit(count)
    .offset(offset)
    .execute();
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows: rows.map(normalize), total: Number(total) };
}

/** The groups with these IDs (conversation names and faces), whatever the reader's membership. */
export async function groupsByIDs(db: Db, groupIDs: string[]): Promise<GroupRow[]> {
  if (groupIDs.length === 0) return [];
  const rows = await db
    .selectFrom('groups')
    .selectAll()
    .where('groupId', 'in', [...new Set(groupIDs)])
    .execute();
  return rows.map(normalize);
}
