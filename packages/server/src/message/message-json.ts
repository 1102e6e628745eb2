import { ContentType, elemKeyFor, MessageStatus } from '@im/protocol';
import { PostgresAdapter, sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Database } from '../storage/database.ts';
import { BURNED_CONTENT, toMessageItem } from './message-row.ts';
import { unmapped } from './message-columns.ts';
import { messagesInRange } from './message-queries.ts';

/** A stored message as the JSON of its MessageItem, with its seq (to merge ranges in order). */
export interface EncodedMessage {
  seq: number;
  json: string;
}

/** The JSON path of each user content type's element; notifications (1200 and above) are apart. */
const ELEM_PATH = sql.raw(
  `CASE WHEN m.content_type >= 1200 THEN '$.notificationElem'${Object.values(ContentType)
    .filter((type) => type < 1200 && elemKeyFor(type))
    .map((type) => ` WHEN m.content_type = ${type} THEN '$.${elemKeyFor(type)}'`)
    .join('')} END`,
);

/**
 * SQLite writes what toMessageItem (message-row.ts) builds, key for key: the fields every message has,
 * then the optional ones only when set (json_patch drops the keys whose value is null), then the
 * element of its content type from the stored JSON unless burned. message-json.test.ts holds the
 * two to the same answer.
 */
function sqliteItems(where: RawBuilder<unknown>) {
  return sql<EncodedMessage>`SELECT seq, CASE WHEN path IS NULL OR content = ${BURNED_CONTENT}
      THEN item ELSE json_set(item, path, json(content)) END AS json
    FROM (SELECT m.seq AS seq, m.content AS content, ${ELEM_PATH} AS path,
      json_patch(json_object(
        'clientMsgID', m.client_msg_id, 'serverMsgID', m.server_msg_id, 'conversationID', m.conversation_id,
        'seq', m.seq, 'sendID', m.send_id, 'recvID', m.recv_id, 'groupID', m.group_id,
        'senderNickname', m.sender_nickname, 'senderFaceUrl', m.sender_face_url,
        'senderPlatformID', m.sender_platform_id, 'sessionType', m.session_type,
        'contentType', m.content_type, 'msgFrom', m.msg_from, 'createTime', m.create_time,
        'sendTime', m.send_time, 'status', ${sql.lit(MessageStatus.Succeeded)}, 'isRead', json('false')
      ), json_object(
        'ex', NULLIF(m.ex, ''),
        'editTime', CASE WHEN m.edit_time > 0 THEN m.edit_time END,
        'reactions', json(NULLIF(m.reactions, '')),
        'burnDuration', CASE WHEN m.burn_duration <> 0 THEN m.burn_duration END,
        'burnAt', CASE WHEN m.burn_at > 0 THEN m.burn_at END
      )) AS item
    FROM messages m ${where})`;
}

/**
 * Messages with begin ≤ seq ≤ end, in seq order, as the JSON of their MessageItems. On SQLite the
 * database writes the JSON: a reconnect storm pulls a million messages, and building a row object, an
 * item and its JSON for each was most of a pull's cost (docs/decisions.md#pulls-answered-in-json-sqlite-writes).
 * PostgreSQL's rows go through toMessageItem.
 */
export async function encodedMessagesInRange(
  db: Database,
  conversationID: string,
  begin: number,
  end: number,
): Promise<EncodedMessage[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await messagesInRange(db, conversationID, begin, end);
    return rows.map((row) => ({ seq: Number(row.seq), json: JSON.stringify(toMessageItem(row)) }));
  }
  const { rows } = await sqliteItems(
    sql`WHERE m.conversation_id = ${conversationID} AND m.seq >= ${begin} AND m.seq <= ${end} ORDER BY m.seq`,
  ).execute(unmapped(db));
  return rows;
}

/** The PullMsgs answer `{ msgs: { [conversationID]: MessageItem[] } }` of encoded messages, each list in seq order. */
export function encodePulled(byConversation: Map<string, EncodedMessage[]>): string {
  const parts: string[] = [];
  for (const [conversationID, list] of byConversation) {
    list.sort((a, b) => a.seq - b.seq);
    parts.push(`${JSON.stringify(conversationID)}:[${list.map((m) => m.json).join(',')}]`);
  }
  return `{"msgs":{${parts.join(',')}}}`;
}
