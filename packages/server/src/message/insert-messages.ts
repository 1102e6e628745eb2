import { isSilentChange } from '@im/protocol';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { inShapes, placeRows, rowParams, runCompiled } from '../storage/compiled-query.ts';
import type { Tables } from '../storage/tables.ts';
import type { MessageDraft, MessageRow } from './message-row.ts';
import type { ViewTarget } from './view-target.ts';
import { newServerMsgID } from './server-msg-id.ts';
import { storedRow } from './stored-row.ts';

/** A message to store and the users whose conversation rows show it (created or brought back). */
export interface InsertItem {
  draft: MessageDraft;
  views: ViewTarget[];
}

/**
 * Stores messages inside the caller's transaction with three statements however many there are (a
 * few more past 15 rows: storage/compiled-query.ts inShapes; docs/decisions.md "The message hot path"): one counter upsert per batch hands each conversation a
 * run of seqs (bumped by its number of messages, returning the new max), one multi-row insert stores the
 * messages, one multi-row upsert touches the members' conversation rows. Seqs are given in the order of
 * `items`, so two messages of one conversation keep their order. A statement per message cost more
 * than the message itself: on SQLite each statement after an insert also flushes the search index's
 * pending terms (FTS5 saves them at every statement savepoint), where one statement flushes once.
 * Plain SQL, the same on SQLite and PostgreSQL.
 */
export async function insertMessages(trx: Transaction<Tables>, items: InsertItem[]): Promise<MessageRow[]> {
  if (items.length === 0) return [];
  const sendTime = Date.now();
  const firstSeq = await bumpCounters(trx, items, sendTime);
  const rows = items.map(({ draft }): MessageRow => {
    const seq = firstSeq.get(draft.conversationId)!;
    firstSeq.set(draft.conversationId, seq + 1);
    return storedRow(draft, seq, newServerMsgID(sendTime), sendTime);
  });
  for (const part of inShapes(rows)) await insertRows(trx, part);
  const touches: { target: ViewTarget; row: MessageRow }[] = [];
  items.forEach(({ views }, i) => {
    for (const target of views) touches.push({ target, row: rows[i] });
  });
  await touchViews(trx, touches);
  return rows;
}

/**
 * The first seq of each conversation's run. A conversation's counter grows by its number of messages
 * (a new one starts at that number); a silent change (an edit, a reaction, ...) never moves the
 * conversation up the list, and the latest send time never goes back (a batch that read the clock
 * earlier may commit after another one). Counters are upserted in id order, so that concurrent writers
 * on PostgreSQL lock them in the same order.
 */
async function bumpCounters(
  trx: Transaction<Tables>,
  items: InsertItem[],
  sendTime: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, { count: number; activity: number }>();
  for (const { draft } of items) {
    const activity = isSilentChange(draft.contentType) ? 0 : sendTime;
    const entry = counts.get(draft.conversationId);
    if (entry) {
      entry.count += 1;
      entry.activity = Math.max(entry.activity, activity);
    } else counts.set(draft.conversationId, { count: 1, activity });
  }
  const ids = [...counts.keys()].sort();
  const firstSeq = new Map<string, number>();
  for (const part of inShapes(ids)) {
    const { rows } = await runCompiled<{ conversationId: string; maxSeq: number }>(
      trx,
      `bump-counters:${part.length}`,
      () => sql`
        INSERT INTO conversation_seqs (conversation_id, max_seq, latest_send_time)
        VALUES ${placeRows(part.length, 3)}
        ON CONFLICT (conversation_id) DO UPDATE SET
          max_seq = conversation_seqs.max_seq + excluded.max_seq,
          latest_send_time = CASE WHEN excluded.latest_send_time > conversation_seqs.latest_send_time
            THEN excluded.latest_send_time ELSE conversation_seqs.latest_send_time END
        RETURNING conversation_id, max_seq`,
      rowParams(part, (out, id) => {
        const { count, activity } = counts.get(id)!;
        out.push(id, count, activity);
      }),
    );
    for (const row of rows)
      firstSeq.set(row.conversationId, Number(row.maxSeq) - counts.get(row.conversationId)!.count + 1);
  }
  return firstSeq;
}

const MESSAGE_COLUMNS = 18;

async function insertRows(trx: Transaction<Tables>, rows: MessageRow[]): Promise<void> {
  await runCompiled(
    trx,
    `insert-messages:${rows.length}`,
    () => sql`
      INSERT INTO messages (conversation_id, seq, server_msg_id, client_msg_id, send_id, recv_id, group_id,
        sender_nickname, sender_face_url, sender_platform_id, session_type, content_type, msg_from,
        create_time, send_time, content, ex, burn_duration)
      VALUES ${placeRows(rows.length, MESSAGE_COLUMNS)}`,
    rowParams(rows, (out, m) =>
      out.push(
        m.conversationId,
        m.seq,
        m.serverMsgId,
        m.clientMsgId,
        m.sendId,
        m.recvId,
        m.groupId,
        m.senderNickname,
        m.senderFaceUrl,
        m.senderPlatformId,
        m.sessionType,
        m.contentType,
        m.msgFrom,
        m.createTime,
        m.sendTime,
        m.content,
        m.ex,
        m.burnDuration,
      ),
    ),
  );
}

interface ViewTouch {
  target: ViewTarget;
  conversationID: string;
  /** The sender's own row: read up to the message. 0 for the others' rows (left as they are). */
  readSeq: number;
  /** The row's list time (activity_time, migration 0016): the latest send time that moves it up, else 0. */
  activity: number;
}

/**
 * After the messages are stored: every member's row exists and is not deleted (a deleted conversation
 * comes back, its minSeq still hiding the old messages), each sender has read up to their message, and
 * each row's activity_time is the latest send time that moves it up the list (not a silent change), as
 * conversation_seqs has it: the index of the list's order reads it (message/conversation-page.ts).
 * One row per (owner, conversation) however many messages of the batch touch it (PostgreSQL refuses to
 * update a row twice in one statement), in (owner, conversation) order so that concurrent writers lock
 * them in the same order.
 */
async function touchViews(
  trx: Transaction<Tables>,
  touches: { target: ViewTarget; row: MessageRow }[],
): Promise<void> {
  const byKey = new Map<string, ViewTouch>();
  for (const { target, row } of touches) {
    const key = `${target.ownerUserID}\u0000${row.conversationId}`;
    const readSeq = target.ownerUserID === row.sendId ? row.seq : 0;
    const activity = isSilentChange(row.contentType) ? 0 : row.sendTime;
    const seen = byKey.get(key);
    if (seen) {
      seen.readSeq = Math.max(seen.readSeq, readSeq);
      seen.activity = Math.max(seen.activity, activity);
    } else byKey.set(key, { target, conversationID: row.conversationId, readSeq, activity });
  }
  const sorted = [...byKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, touch]) => touch);
  for (const part of inShapes(sorted))
    await runCompiled(
      trx,
      `touch-views:${part.length}`,
      () => sql`
        INSERT INTO user_conversations (owner_user_id, conversation_id, conversation_type, user_id, group_id,
          has_read_seq, activity_time)
        VALUES ${placeRows(part.length, 7)}
        ON CONFLICT (owner_user_id, conversation_id) DO UPDATE SET is_deleted = 0,
          has_read_seq = CASE WHEN excluded.has_read_seq > user_conversations.has_read_seq
            THEN excluded.has_read_seq ELSE user_conversations.has_read_seq END,
          activity_time = CASE WHEN excluded.activity_time > user_conversations.activity_time
            THEN excluded.activity_time ELSE user_conversations.activity_time END
        -- A row that would not change is not written (a recipient's row of a silent change): no page
        -- of it is dirtied for the commit to write.
        WHERE user_conversations.is_deleted <> 0
          OR excluded.has_read_seq > user_conversations.has_read_seq
          OR excluded.activity_time > user_conversations.activity_time`,
      rowParams(part, (out, t) =>
        out.push(
          t.target.ownerUserID,
          t.conversationID,
          t.target.conversationType,
          t.target.userID,
          t.target.groupID,
          t.readSeq,
          t.activity,
        ),
      ),
    );
}
