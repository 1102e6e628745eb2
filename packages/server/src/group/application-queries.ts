import type { Insertable, Transaction } from 'kysely';
import { HandleResult, RoleLevel } from '@im/protocol';
import type { Database } from '../storage/database.ts';
import type { GroupApplicationsTable } from '../storage/groups-schema.ts';
import type { Tables } from '../storage/tables.ts';

type Db = Database | Transaction<Tables>;

/** Reads and writes of group_applications; read rows come with the group's and the applicant's names. */

function withNames(db: Db) {
  return db
    .selectFrom('groupApplications as ga')
    .innerJoin('groups as g', 'g.groupId', 'ga.groupId')
    .innerJoin('users as u', 'u.userId', 'ga.userId')
    .selectAll('ga')
    .select(['g.groupName', 'g.faceUrl as groupFaceUrl', 'u.nickname', 'u.faceUrl']);
}

export type ApplicationRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

function normalize(row: ApplicationRow): ApplicationRow {
  return { ...row, createTime: Number(row.createTime), handleTime: Number(row.handleTime) };
}

export async function findApplication(
  db: Db,
  groupID: string,
  userID: string,
): Promise<ApplicationRow | undefined> {
  const row = await withNames(db)
    .where('ga.groupId', '=', groupID)
    .where('ga.userId', '=', userID)
    .executeTakeFirst();
  return row && normalize(row);
}

/** Stores a new pending application, replacing the user's earlier one for the group. */
export async function putApplication(db: Db, row: Insertable<GroupApplicationsTable>): Promise<void> {
  const reset = {
    reqMsg: row.reqMsg ?? '',
    joinSource: row.joinSource,
    inviterUserId: row.inviterUserId ?? '',
    handleResult: HandleResult.Pending,
    handleMsg: '',
    handleUserId: '',
    createTime: row.createTime,
    handleTime: 0,
  };
  await db
    .insertInto('groupApplications')
    .values({ ...row, ...reset })
    .onConflict((oc) => oc.columns(['groupId', 'userId']).doUpdateSet(reset))
    .execute();
}

/** Answers the pending applications of the users; answers how many were pending. */
export async function handlePending(
  db: Db,
  groupID: string,
  userIDs: string[],
  answer: { handleResult: number; handleMsg: string; handleUserId: string; handleTime: number },
): Promise<number> {
  if (userIDs.length === 0) return 0;
  const result = await db
    .updateTable('groupApplications')
    .set(answer)
    .where('groupId', '=', groupID)
    .where('userId', 'in', userIDs)
    .where('handleResult', '=', HandleResult.Pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The users among the ids with a pending application to the group. */
export async function pendingApplicants(db: Db, groupID: string, userIDs: string[]): Promise<string[]> {
  if (userIDs.length === 0) return [];
  const rows = await db
    .selectFrom('groupApplications')
    .select('userId')
    .where('groupId', '=', groupID)
    .where('userId', 'in', userIDs)
    .where('handleResult', '=', HandleResult.Pending)
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * A page of applications, newest first: the user's own ('applicant'), or every application to a
 * group the user owns or administers ('recipient').
 */
export async function applicationPage(
  db: Database,
  userID: string,
  side: 'applicant' | 'recipient',
  offset: number,
  count: number,
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const managed = db
    .selectFrom('groupMembers')
    .select('groupId')
    .where('userId', '=', userID)
    .where('roleLevel', '>=', RoleLevel.Admin);
  const rows = await withNames(db)
    .where((eb) => (side === 'applicant' ? eb('ga.userId', '=', userID) : eb('ga.groupId', 'in', managed)))
    .orderBy('ga.createTime', 'desc')
    .orderBy('ga.groupId')
    .orderBy('ga.userId')
    .limit(count)
    .offset(offset)
    .execute();
  const { total } = await db
    .selectFrom('groupApplications as ga')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => (side === 'applicant' ? eb('ga.userId', '=', userID) : eb('ga.groupId', 'in', managed)))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(normalize), total: Number(total) };
}
