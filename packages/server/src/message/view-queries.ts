import type { Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../storage/database.ts';
import type { UserConversationsTable } from '../storage/messaging-schema.ts';
import type { ViewTarget } from './view-target.ts';

export type ViewRow = Selectable<UserConversationsTable>;
export type ViewWithSeq = ViewRow & { maxSeq: number; latestSendTime: number };

/** A user who left (leave_seq > 0) before the conversation's end sees it end at their leave seq. */
const LEFT = sql`uc.leave_seq > 0 AND uc.leave_seq < COALESCE(cs.max_seq, 0)`;
/** The max seq this user may see (aliases uc, cs). */
const VISIBLE_MAX_SEQ = sql<number>`CASE WHEN ${LEFT} THEN uc.leave_seq ELSE COALESCE(cs.max_seq, 0) END`;
/** The send time of the last message this user may see (aliases uc, cs). */
const VISIBLE_SEND_TIME = sql<number>`CASE WHEN ${LEFT}
  THEN COALESCE((SELECT lm.send_time FROM messages lm
    WHERE lm.conversation_id = uc.conversation_id AND lm.seq = uc.leave_seq), 0)
  ELSE COALESCE(cs.latest_send_time, 0) END`;

/**
 * The row with its conversation's max seq and latest send time (0 when it has no message yet), both
 * as this user may see them: a former group member's stop at their leave seq.
 */
function withSeqs(db: Database, ownerUserID: string) {
  return db
    .selectFrom('userConversations as uc')
    .leftJoin('conversationSeqs as cs', 'cs.conversationId', 'uc.conversationId')
    .selectAll('uc')
    .select([VISIBLE_MAX_SEQ.as('maxSeq'), VISIBLE_SEND_TIME.as('latestSendTime')])
    .where('uc.ownerUserId', '=', ownerUserID);
}

function normalize(row: ViewWithSeq): ViewWithSeq {
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

export async function getView(
  db: Database,
  ownerUserID: string,
  conversationID: string,
): Promise<ViewWithSeq | undefined> {
  const row = await withSeqs(db, ownerUserID)
    .where('uc.conversationId', '=', conversationID)
    .executeTakeFirst();
  return row && normalize(row);
}

/** The user's visible (not deleted) conversations among the ids. */
export async function visibleViews(
  db: Database,
  ownerUserID: string,
  conversationIDs?: string[],
): Promise<ViewWithSeq[]> {
  let query = withSeqs(db, ownerUserID).where('uc.isDeleted', '=', 0);
  if (conversationIDs) {
    if (conversationIDs.length === 0) return [];
    query = query.where('uc.conversationId', 'in', conversationIDs);
  }
  return (await query.execute()).map(normalize);
}

/**
 * One page of the user's list in the order of docs/product.md#conversations: pinned first, then the later of
 * draft time and last message time, newest first; ties by id so that pages never overlap.
 */
export async function pageOfViews(
  db: Database,
  ownerUserID: string,
  offset: number,
  count: number,
): Promise<{ rows: ViewWithSeq[]; total: number }> {
  const visible = withSeqs(db, ownerUserID).where('uc.isDeleted', '=', 0);
  const activity = sql`CASE WHEN uc.draft_text_time > ${VISIBLE_SEND_TIME}
    THEN uc.draft_text_time ELSE ${VISIBLE_SEND_TIME} END`;
  const rows = await visible
    .orderBy('uc.isPinned', 'desc')
    .orderBy(activity, 'desc')
    .orderBy('uc.conversationId')
    .limit(count)
    .offset(offset)
    .execute();
  const counted = await db
    .selectFrom('userConversations')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('ownerUserId', '=', ownerUserID)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(normalize), total: Number(counted.total) };
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
  let query = db
    .selectFrom('userConversations as uc')
    .innerJoin('messages as m', (join) =>
      join
        .onRef('m.conversationId', '=', 'uc.conversationId')
        .on(
          'm.seq',
          '>',
          sql<number>`CASE WHEN uc.has_read_seq > uc.min_seq THEN uc.has_read_seq ELSE uc.min_seq END`,
        ),
    )
    .select(['uc.conversationId', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('uc.ownerUserId', '=', ownerUserID)
    .where('uc.isDeleted', '=', 0)
    .where('m.sendId', '!=', ownerUserID)
    // Nothing after a former member's leave seq.
    .where((eb) => eb.or([eb('uc.leaveSeq', '=', 0), eb('m.seq', '<=', eb.ref('uc.leaveSeq'))]))
    .where((eb) => eb.or([eb('m.contentType', '<', 1200), eb('m.contentType', '=', 1400)]))
    .groupBy('uc.conversationId');
  if (conversationIDs) query = query.where('uc.conversationId', 'in', conversationIDs);
  const rows = await query.execute();
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
