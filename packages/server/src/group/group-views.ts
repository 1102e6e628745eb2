import { sql } from 'kysely';
import type { RawBuilder, Transaction } from 'kysely';
import type { Tables } from '../storage/tables.ts';

/**
 * Members' rows of the group conversation (user_conversations) as membership changes, in the
 * transaction of the notice that records the change (the rows exist: the notice's store made them).
 */

/**
 * Joined at `seq` (their join notice): they see the conversation from there on, not the history
 * before it (a member who comes back does not see what was said while they were away either).
 */
export async function startViews(
  trx: Transaction<Tables>,
  conversationID: string,
  userIDs: string[],
  seq: number,
): Promise<void> {
  if (userIDs.length === 0) return;
  const before = seq - 1;
  await trx
    .updateTable('userConversations')
    .set({
      minSeq: sql<number>`CASE WHEN min_seq < ${before} THEN ${before} ELSE min_seq END`,
      hasReadSeq: sql<number>`CASE WHEN has_read_seq < ${before} THEN ${before} ELSE has_read_seq END`,
      leaveSeq: 0,
      groupAtType: 0,
      isDeleted: 0,
    })
    .where('conversationId', '=', conversationID)
    .where('ownerUserId', 'in', userIDs)
    .execute();
}

/** Left at `seq` (their quit or kick notice): nothing after it is ever answered to them. */
export async function endViews(
  trx: Transaction<Tables>,
  conversationID: string,
  userIDs: string[],
  seq: number,
): Promise<void> {
  if (userIDs.length === 0) return;
  await trx
    .updateTable('userConversations')
    .set({ leaveSeq: seq, groupAtType: 0 })
    .where('conversationId', '=', conversationID)
    .where('ownerUserId', 'in', userIDs)
    .execute();
}

/**
 * A group message brings the conversation back for members who had deleted it, as touchViews does
 * for a one-to-one message; the other members' rows are left alone (every member has one from their
 * join notice, and a message changes nothing else in it). One statement through the index of deleted
 * rows, whatever the member count. Former members stay deleted.
 */
export async function reviveMemberViews(
  trx: Transaction<Tables>,
  conversationID: string,
  groupID: string,
): Promise<void> {
  await reviveMemberViewsQuery(conversationID, groupID).execute(trx);
}

/**
 * The statement of reviveMemberViews (its plan is tested). Membership is a correlated EXISTS, probed
 * per deleted row: as `owner_user_id IN (SELECT … FROM group_members …)` SQLite's planner ran the
 * member list and probed each member's row by primary key, every member read on every send (a tenth
 * of the server's CPU in the group-fanout bench's 10,000-member group, docs/decisions.md#group-fan-out).
 */
export function reviveMemberViewsQuery(conversationID: string, groupID: string): RawBuilder<unknown> {
  return sql`
    UPDATE user_conversations SET is_deleted = 0
    WHERE conversation_id = ${conversationID} AND is_deleted = 1
      AND EXISTS (SELECT 1 FROM group_members
        WHERE group_id = ${groupID} AND user_id = user_conversations.owner_user_id)`;
}
