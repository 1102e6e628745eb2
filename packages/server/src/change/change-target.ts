import { ContentType, ErrCode, isNotification, SessionType } from '@im/protocol';
import type { Transaction } from 'kysely';
import { isGroupMember } from '../group/member-queries.ts';
import { AppError } from '../http/app-error.ts';
import { findBySeq } from '../message/message-queries.ts';
import type { MessageRow } from '../message/message-row.ts';
import { checkSendPolicy } from '../message/send-policy.ts';
import { getView } from '../message/view-queries.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';

/**
 * The message a change names, as this user may see it: within their visible range (above minSeq, not
 * past a leave) and, in a group, only while a member. Anything else is 1004, the same answer as a
 * message that does not exist, so that a former member learns nothing.
 */
export async function findChangeTarget(
  db: Database,
  userID: string,
  conversationID: string,
  seq: number,
): Promise<MessageRow> {
  const notFound = () =>
    new AppError(ErrCode.NOT_FOUND, { detail: `message ${conversationID}#${seq} not found` });
  const view = await getView(db, userID, conversationID);
  const target =
    view && seq > view.minSeq && seq <= view.maxSeq ? await findBySeq(db, conversationID, seq) : undefined;
  if (!target) throw notFound();
  if (target.sessionType === SessionType.Group && !(await isGroupMember(db, target.groupId, userID)))
    throw notFound();
  return target;
}

/** A revoked message (a 2101 in place) or a burned one (its content gone) takes no edit or reaction. */
export function isGone(row: Pick<MessageRow, 'contentType' | 'content'>): boolean {
  return row.contentType === ContentType.Revoke || !row.content;
}

/**
 * Whether this user may edit or react to the message now: not a notification (1002), not revoked or
 * burned (1602), and allowed to send into its conversation now, by the send policy itself
 * (src/message/send-policy.ts: friendship and blacklists one-to-one; in a group membership,
 * dismissal, bans, member mute and mute all, with their codes 1401–1404).
 */
export async function checkChangeAllowed(db: Database, userID: string, target: MessageRow): Promise<void> {
  if (isGone(target)) throw new AppError(ErrCode.MESSAGE_GONE);
  if (isNotification(target.contentType))
    throw new AppError(ErrCode.NO_PERMISSION, { detail: 'a notification cannot be changed' });
  const single = target.sessionType === SessionType.Single;
  const peer = single ? (target.sendId === userID ? target.recvId : target.sendId) : '';
  await checkSendPolicy(db, {
    sendID: userID,
    sessionType: target.sessionType,
    recvID: peer,
    groupID: target.groupId,
  });
}

/** The target read again inside the storing transaction; a change that raced a revoke or burn stops. */
export async function lockedTarget(trx: Transaction<Tables>, target: MessageRow): Promise<MessageRow> {
  // A no-op write takes the row's lock on PostgreSQL, so concurrent changes of one message queue here.
  await trx
    .updateTable('messages')
    .set({ seq: target.seq })
    .where('conversationId', '=', target.conversationId)
    .where('seq', '=', target.seq)
    .execute();
  const row = await trx
    .selectFrom('messages')
    .selectAll()
    .where('conversationId', '=', target.conversationId)
    .where('seq', '=', target.seq)
    .executeTakeFirst();
  if (!row || isGone(row)) throw new AppError(ErrCode.MESSAGE_GONE);
  return row;
}
