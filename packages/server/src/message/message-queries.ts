import { ContentType } from '@im/protocol';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { inShapes, placeRows, rowParams, runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import { MESSAGE_COLUMNS, unmapped } from './message-columns.ts';
import type { Tables } from '../storage/tables.ts';
import type { MessageRow } from './message-row.ts';

/** Reads of stored messages. Every range read is on the primary key (conversation_id, seq). */

export async function findByClientMsgID(
  db: Database,
  sendID: string,
  clientMsgID: string,
): Promise<MessageRow | undefined> {
  // Plain SQL: every send asks this first (idempotence), so the builder's compile cost is skipped.
  const { rows } = await sql<MessageRow>`
    SELECT * FROM messages WHERE send_id = ${sendID} AND client_msg_id = ${clientMsgID}`.execute(db);
  return rows[0];
}

/**
 * The stored messages among (sender, clientMsgID) pairs, by `${sendID}\u0000${clientMsgID}`: a batch of
 * sends asks for all of its own in one statement (an index probe each, on messages_client_id_sender).
 */
export async function findByClientMsgIDs(
  db: Database | Transaction<Tables>,
  keys: { sendID: string; clientMsgID: string }[],
): Promise<Map<string, MessageRow>> {
  const found = new Map<string, MessageRow>();
  for (const part of inShapes(keys)) {
    const { rows } = await runCompiled<MessageRow>(
      db,
      `messages-by-client-ids:${part.length}`,
      () =>
        sql`SELECT * FROM messages WHERE (send_id, client_msg_id) IN (VALUES ${placeRows(part.length, 2)})`,
      rowParams(part, (out, k) => out.push(k.sendID, k.clientMsgID)),
    );
    for (const row of rows) found.set(`${row.sendId}\u0000${row.clientMsgId}`, row);
  }
  return found;
}

export function findBySeq(
  db: Database,
  conversationID: string,
  seq: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('conversationId', '=', conversationID)
    .where('seq', '=', seq)
    .executeTakeFirst();
}

/**
 * The seq of a message of the conversation by its clientMsgID, or undefined. Asked by clientMsgID
 * alone, on messages_client_id_sender (migration 0018): a clientMsgID is unique per sender, so it
 * names a row or a few, and the conversation is picked among them. With the conversation in the
 * WHERE, SQLite (which keeps no statistics here) would walk that conversation's primary key instead.
 */
export async function seqOfClientMsgID(
  db: Database,
  conversationID: string,
  clientMsgID: string,
): Promise<number | undefined> {
  const { rows } = await runCompiled<{ conversationId: string; seq: number | string }>(
    db,
    'seq-of-client-msg-id',
    () => sql`SELECT conversation_id, seq FROM messages WHERE client_msg_id = ${clientMsgID}`,
    [clientMsgID],
  );
  const row = rows.find((r) => r.conversationId === conversationID);
  return row ? Number(row.seq) : undefined;
}

/**
 * Messages with begin ≤ seq ≤ end, in seq order. Plain SQL (the same on both databases): every
 * PullMsgs page reads it, and a reconnect storm pulls thousands of pages a second
 * (docs/decisions.md#hot-reads-in-plain-sql).
 */
export async function messagesInRange(
  db: Database,
  conversationID: string,
  begin: number,
  end: number,
): Promise<MessageRow[]> {
  const { rows } = await sql<MessageRow>`SELECT ${MESSAGE_COLUMNS} FROM messages m
    WHERE m.conversation_id = ${conversationID} AND m.seq >= ${begin} AND m.seq <= ${end}
    ORDER BY m.seq`.execute(unmapped(db));
  return rows;
}

/**
 * Up to `limit` messages with floor < seq < below, newest first: down the primary key
 * (conversation_id, seq) from `below`, at any depth. Plain SQL, as every history page reads it
 * (docs/decisions.md#hot-reads-in-plain-sql).
 */
export async function messagesBelow(
  db: Database,
  conversationID: string,
  below: number,
  floor: number,
  limit: number,
): Promise<MessageRow[]> {
  const { rows } = await sql<MessageRow>`SELECT ${MESSAGE_COLUMNS} FROM messages m
    WHERE m.conversation_id = ${conversationID} AND m.seq < ${below} AND m.seq > ${floor}
    ORDER BY m.seq DESC LIMIT ${limit}`.execute(unmapped(db));
  return rows;
}

/** The message at each (conversation, seq) asked for, e.g. the latest message of each conversation. */
export async function messagesAt(
  db: Database,
  keys: { conversationID: string; seq: number }[],
): Promise<MessageRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('messages')
    .selectAll()
    .where((eb) =>
      eb.or(keys.map((k) => eb.and([eb('conversationId', '=', k.conversationID), eb('seq', '=', k.seq)]))),
    )
    .execute();
}

/** The change notices never shown as a conversation's last message (isSilentChange in @im/protocol). */
const SILENT = [
  ContentType.HasReadReceipt,
  ContentType.MessageEdited,
  ContentType.ReactionChanged,
  ContentType.MessagesBurned,
];

/**
 * The last message of each conversation that its list shows (docs/api.md#message-changes): the
 * newest one with minSeq < seq <= maxSeq that is not a silent change notice.
 */
export async function latestShownMessages(
  db: Database,
  keys: { conversationID: string; maxSeq: number; minSeq: number }[],
): Promise<MessageRow[]> {
  if (keys.length === 0) return [];
  // Plain SQL, the same on both databases: each list page asks (docs/decisions.md#hot-reads-in-plain-sql).
  // Down the primary key from maxSeq, stopping at the first shown message.
  const each = keys.map(
    (k) => sql`(m.conversation_id = ${k.conversationID} AND m.seq = (SELECT l.seq FROM messages l
      WHERE l.conversation_id = ${k.conversationID} AND l.seq <= ${k.maxSeq} AND l.seq > ${k.minSeq}
        AND l.content_type NOT IN (${sql.join(SILENT)})
      ORDER BY l.seq DESC LIMIT 1))`,
  );
  const { rows } = await sql<MessageRow>`SELECT ${MESSAGE_COLUMNS} FROM messages m
    WHERE ${sql.join(each, sql` OR `)}`.execute(unmapped(db));
  return rows;
}
