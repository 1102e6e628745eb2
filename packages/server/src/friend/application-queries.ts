import type { Selectable, Transaction } from 'kysely';
import { HandleResult } from '@im/protocol';
import type { FriendApplication } from '@im/protocol';
import type { FriendApplicationsTable } from '../storage/contacts-schema.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';
import { findUsersByIDs } from '../user/user-queries.ts';

type Db = Database | Transaction<Tables>;
export type ApplicationRow = Selectable<FriendApplicationsTable>;

export function findApplication(
  db: Db,
  fromUserID: string,
  toUserID: string,
): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('friendApplications')
    .selectAll()
    .where('fromUserId', '=', fromUserID)
    .where('toUserId', '=', toUserID)
    .executeTakeFirst();
}

/** The state an application is written in (the pair's earlier one, whatever its state, is replaced). */
export interface ApplicationFields {
  reqMsg: string;
  handleResult: number;
  handleMsg: string;
  handlerUserID: string;
  createTime: number;
  handleTime: number;
}

export async function putApplication(
  db: Db,
  fromUserID: string,
  toUserID: string,
  fields: ApplicationFields,
): Promise<void> {
  const values = {
    reqMsg: fields.reqMsg,
    handleResult: fields.handleResult,
    handleMsg: fields.handleMsg,
    handlerUserId: fields.handlerUserID,
    createTime: fields.createTime,
    handleTime: fields.handleTime,
  };
  await db
    .insertInto('friendApplications')
    .values({ fromUserId: fromUserID, toUserId: toUserID, ...values })
    .onConflict((oc) => oc.columns(['fromUserId', 'toUserId']).doUpdateSet(values))
    .execute();
}

/**
 * Handles the pair's application only while it is pending; false when it was not (handled by a racing
 * call on another device, or never sent), so it is handled once.
 */
export async function handlePendingApplication(
  trx: Transaction<Tables>,
  fromUserID: string,
  toUserID: string,
  handled: { handleResult: number; handleMsg: string; handlerUserID: string; handleTime: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('friendApplications')
    .set({
      handleResult: handled.handleResult,
      handleMsg: handled.handleMsg,
      handlerUserId: handled.handlerUserID,
      handleTime: handled.handleTime,
    })
    .where('fromUserId', '=', fromUserID)
    .where('toUserId', '=', toUserID)
    .where('handleResult', '=', HandleResult.Pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A page of the applications to (`side` 'to') or from (`side` 'from') the user, newest first. */
export async function applicationPage(
  db: Database,
  side: 'from' | 'to',
  userID: string,
  offset: number,
  count: number,
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const column = side === 'to' ? 'toUserId' : 'fromUserId';
  const other = side === 'to' ? 'fromUserId' : 'toUserId';
  const rows = await db
    .selectFrom('friendApplications')
    .selectAll()
    .where(column, '=', userID)
    .orderBy('createTime', 'desc')
    .orderBy(other)
    .limit(count)
    .offset(offset)
    .execute();
  const { total } = await db
    .selectFrom('friendApplications')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(column, '=', userID)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Rows as the client sees them, with both users' current names and faces. */
export async function toApplications(db: Db, rows: ApplicationRow[]): Promise<FriendApplication[]> {
  const ids = rows.flatMap((r) => [r.fromUserId, r.toUserId]);
  const users = new Map((await findUsersByIDs(db, ids)).map((u) => [u.userId, u]));
  return rows.map((row) => {
    const from = users.get(row.fromUserId);
    const to = users.get(row.toUserId);
    return {
      fromUserID: row.fromUserId,
      fromNickname: from?.nickname ?? '',
      fromFaceURL: from?.faceUrl ?? '',
      toUserID: row.toUserId,
      toNickname: to?.nickname ?? '',
      toFaceURL: to?.faceUrl ?? '',
      reqMsg: row.reqMsg,
      handleMsg: row.handleMsg,
      handleResult: row.handleResult,
      handlerUserID: row.handlerUserId,
      createTime: Number(row.createTime),
      handleTime: Number(row.handleTime),
    };
  });
}
