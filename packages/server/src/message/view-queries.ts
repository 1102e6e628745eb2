import type { Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../storage/database.ts';
import { runCompiledAmong } from '../storage/compiled-query.ts';
import type { UserConversationsTable } from '../storage/messaging-schema.ts';
import type { ViewTarget } from './view-target.ts';

export type ViewRow = Selectable<UserConversationsTable>;
export type ViewWithSeq = ViewRow & { maxSeq: number; latestSendTime: number };

/** A user who left (leave_seq > 0) before the conversation's end sees it end at their leave seq. */
const LEFT = sql`uc.leave_seq > 0 AND uc.leave_seq < COALESCE(cs.max_seq, 0)`;
/** The max seq this user may see (aliases uc, cs). */
export const VISIBLE_MAX_SEQ = sql<number>`CASE WHEN ${LEFT} THEN uc.leave_seq ELSE COALESCE(cs.max_seq, 0) END`;
/** The send time of the last message this user may see (aliases uc, cs). */
export const VISIBLE_SEND_TIME = sql<number>`CASE WHEN ${LEFT}
  THEN COALESCE((SELECT lm.send_time FROM messages lm
    WHERE lm.conversation_id = uc.conversation_id AND lm.seq = uc.leave_seq), 0)
  ELSE COALESCE(cs.latest_send_time, 0) END`;

/**
 * The row with its conversation's max seq and latest send time (0 when it has no message yet), both
 * as this user may see them: a former group member's stop at their leave seq. Plain SQL, the same on
 * SQLite and PostgreSQL: every reconnect reads it (GetMaxSeqs, PullMsgs, the list) and every history
 * page, and the query builder's compile cost per call was more than the read itself under a reconnect
 * storm (bench/results/reconnect-storm-latest.md, docs/decisions.md#hot-reads-in-plain-sql).
 */
const VIEW_WITH_SEQS = sql`SELECT uc.*, ${VISIBLE_MAX_SEQ} AS max_seq, ${VISIBLE_SEND_TIME} AS latest_send_time
  FROM user_conversations uc LEFT JOIN conversation_seqs cs ON cs.conversation_id = uc.conversation_id`;

export function normalize(row: ViewWithSeq): ViewWithSeq {
  return {
    ...row,
    maxSeq: Number(row.maxSeq),
    latestSendTime: Number(row.latestSendTime),
    hasReadSeq: Number(row.hasReadSeq),
    minSeq: Number(row.minSeq),
    draftTextTime: Number(row.draftTextTime),
    leaveSeq: Number(row.leaveSeq),
  };
}

/** `AND uc.conversation_id IN (…)` of the ids, or nothing without ids. */
function among(conversationIDs?: string[]) {
  return conversationIDs ? sql`AND uc.conversation_id IN (${sql.join(conversationIDs)})` : sql``;
}

export async function getView(
  db: Database,
  ownerUserID: string,
  conversationID: string,
): Promise<ViewWithSeq | undefined> {
  const { rows } = await sql<ViewWithSeq>`${VIEW_WITH_SEQS}
    WHERE uc.owner_user_id = ${ownerUserID} AND uc.conversation_id = ${conversationID}`.execute(db);
  return rows[0] && normalize(rows[0]);
}

/** The user's visible (not deleted) conversations among the ids. */
export async function visibleViews(
  db: Database,
  ownerUserID: string,
  conversationIDs?: string[],
): Promise<ViewWithSeq[]> {
  if (conversationIDs?.length === 0) return [];
  const { rows } = await runCompiledAmong(
    db,
    'visible-views',
    conversationIDs,
    sql<ViewWithSeq>`${VIEW_WITH_SEQS}
    WHERE uc.owner_user_id = ${ownerUserID} AND uc.is_deleted = 0 ${among(conversationIDs)}`,
    [ownerUserID],
  );
  return rows.map(normalize);
}

/**
 * Unread per conversation (docs/product.md#messages-and-sync, docs/sdk.md "Unread"): messages above the
 * larger of hasReadSeq and minSeq (and not above a leave seq) that are not the user's own and not
 * notifications, the official notice (1400) excepted. Only conversations with something unread appear.
 * Without ids, every visible conversation counts.
 */
export async function unreadCounts(
  db: Database,
  ownerUserID: string,
  conversationIDs?: string[],
): Promise<Map<string, number>> {
  if (conversationIDs && conversationIDs.length === 0) return new Map();
  // Plain SQL, the same on both databases: each list page asks (docs/decisions.md#hot-reads-in-plain-sql).
  const { rows } = await runCompiledAmong(
    db,
    'unread-counts',
    conversationIDs,
    sql<{ conversationId: string; unread: number }>`
    SELECT uc.conversation_id, count(*) AS unread
    FROM user_conversations uc
    JOIN messages m ON m.conversation_id = uc.conversation_id
      AND m.seq > CASE WHEN uc.has_read_seq > uc.min_seq THEN uc.has_read_seq ELSE uc.min_seq END
    WHERE uc.owner_user_id = ${ownerUserID} AND uc.is_deleted = 0 AND m.send_id != ${ownerUserID}
      -- Nothing after a former member's leave seq.
      AND (uc.leave_seq = 0 OR m.seq <= uc.leave_seq)
      AND (m.content_type < 1200 OR m.content_type = 1400)
      ${among(conversationIDs)}
    GROUP BY uc.conversation_id`,
    [ownerUserID, ownerUserID],
  );
  return new Map(rows.map((r) => [r.conversationId, Number(r.unread)]));
}

/** Total unread over visible conversations whose receive option is 0 (the tab badge). */
export async function totalUnread(db: Database, ownerUserID: string): Promise<number> {
  const normal = await db
    .selectFrom('userConversations')
    .select('conversationId')
    .where('ownerUserId', '=', ownerUserID)
    .where('isDeleted', '=', 0)
    .where('recvMsgOpt', '=', 0)
    .execute();
  const counts = await unreadCounts(db, ownerUserID);
  return normal.reduce((sum, row) => sum + (counts.get(row.conversationId) ?? 0), 0);
}

export type ViewChanges = Partial<
  Pick<
    Updateable<UserConversationsTable>,
    | 'isPinned'
    | 'recvMsgOpt'
    | 'draftText'
    | 'draftTextTime'
    | 'hasReadSeq'
    | 'minSeq'
    | 'isDeleted'
    | 'groupAtType'
  >
>;

export async function updateView(
  db: Database,
  ownerUserID: string,
  conversationID: string,
  set: ViewChanges,
): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('userConversations')
    .set(set)
    .where('ownerUserId', '=', ownerUserID)
    .where('conversationId', '=', conversationID)
    .execute();
}

/** Creates the user's row when missing (settings on a conversation without messages yet). */
export async function ensureView(db: Database, conversationID: string, target: ViewTarget): Promise<void> {
  await db
    .insertInto('userConversations')
    .values({
      ownerUserId: target.ownerUserID,
      conversationId: conversationID,
      conversationType: target.conversationType,
      userId: target.userID,
      groupId: target.groupID,
      isDeleted: 1,
    })
    .onConflict((oc) => oc.columns(['ownerUserId', 'conversationId']).doNothing())
    .execute();
}
