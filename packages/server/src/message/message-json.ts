import { ContentType, elemKeyFor, MessageStatus } from '@im/protocol';
import { PostgresAdapter, sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import { BURNED_CONTENT, toMessageItem } from './message-row.ts';
import { unmapped } from './message-columns.ts';
import { messagesInRange } from './message-queries.ts';

/** A stored message as the JSON of its MessageItem, with its seq (to merge ranges in order). */
export interface EncodedMessage {
  seq: number;
  json: string;
}

/**
 * The key of each user content type's element, with its comma and colon (`,"textElem":`);
 * notifications (1200 and above) are apart; NULL for a type without an element.
 */
const ELEM_KEY = `CASE WHEN m.content_type >= 1200 THEN ',"notificationElem":'${Object.values(ContentType)
  .filter((type) => type < 1200 && elemKeyFor(type))
  .map((type) => ` WHEN m.content_type = ${type} THEN ',"${elemKeyFor(type)}":'`)
  .join('')} END`;

/** A text column as a JSON string (json_quote escapes as json_object did, key for key the same). */
const quoted = (column: string) => `json_quote(m.${column})`;

/**
 * The JSON of a stored message (alias m), concatenated as text: the fields every message has, then
 * the optional ones only when set, then the element of its content type (the stored JSON, minified
 * by json()) unless burned or unknown. Concatenation, not json_object/json_patch/json_set: those
 * parse and write the item three times over, about half a pull's SQLite time in a reconnect storm
 * (docs/decisions.md#pulls-answered-in-json-sqlite-writes).
 */
const ITEM_JSON = sql.raw(
  `'{"clientMsgID":' || ${quoted('client_msg_id')} || ',"serverMsgID":' || ${quoted('server_msg_id')}
  || ',"conversationID":' || ${quoted('conversation_id')} || ',"seq":' || m.seq
  || ',"sendID":' || ${quoted('send_id')} || ',"recvID":' || ${quoted('recv_id')}
  || ',"groupID":' || ${quoted('group_id')} || ',"senderNickname":' || ${quoted('sender_nickname')}
  || ',"senderFaceUrl":' || ${quoted('sender_face_url')} || ',"senderPlatformID":' || m.sender_platform_id
  || ',"sessionType":' || m.session_type || ',"contentType":' || m.content_type
  || ',"msgFrom":' || m.msg_from || ',"createTime":' || m.create_time || ',"sendTime":' || m.send_time
  || ',"status":${MessageStatus.Succeeded},"isRead":false'
  || CASE WHEN m.ex <> '' THEN ',"ex":' || json_quote(m.ex) ELSE '' END
  || CASE WHEN m.edit_time > 0 THEN ',"editTime":' || m.edit_time ELSE '' END
  || CASE WHEN m.reactions <> '' THEN ',"reactions":' || json(m.reactions) ELSE '' END
  || CASE WHEN m.burn_duration <> 0 THEN ',"burnDuration":' || m.burn_duration ELSE '' END
  || CASE WHEN m.burn_at > 0 THEN ',"burnAt":' || m.burn_at ELSE '' END
  || CASE WHEN m.content = '${BURNED_CONTENT}' THEN '' ELSE COALESCE(${ELEM_KEY} || json(m.content), '') END
  || '}'`,
);

/**
 * SQLite writes what toMessageItem (message-row.ts) builds, key for key. message-json.test.ts holds
 * the two to the same answer.
 */
function sqliteItems(where: RawBuilder<unknown>) {
  return sql<EncodedMessage>`SELECT m.seq AS seq, ${ITEM_JSON} AS json FROM messages m ${where}`;
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
  // Compiled once (storage/compiled-query.ts): Kysely's build and compile of this statement on each
  // of a storm's ten thousand pulls cost a share of its own.
  const { rows } = await runCompiled(
    unmapped(db),
    'pull-json',
    () =>
      sqliteItems(sql`WHERE m.conversation_id = ${''} AND m.seq >= ${0} AND m.seq <= ${0} ORDER BY m.seq`),
    [conversationID, begin, end],
  );
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
