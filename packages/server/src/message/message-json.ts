import { ContentType, elemKeyFor, MessageStatus } from '@im/protocol';
import { PostgresAdapter, sql } from 'kysely';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import type { QueryRunner } from '../storage/read-thread.ts';
import { BURNED_CONTENT, toMessageItem } from './message-row.ts';
import { unmapped } from './message-columns.ts';
import { messagesInRange } from './message-queries.ts';

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
 * The JSON of a stored message (alias m), as text: the fields every message has, then the optional
 * ones only when set, then the element of its content type (the stored JSON, minified by json())
 * unless burned or unknown. One concat() of all the parts, not a chain of `||` (each of which copies
 * the text so far: thirty copies of a growing item) nor json_object/json_patch/json_set (which parse
 * and write the item three times over) (docs/decisions.md#pulls-answered-in-json-sqlite-writes). Every
 * column is NOT NULL; the element's part is '' when the type has no element key.
 */
const ITEM_JSON = sql.raw(
  `concat('{"clientMsgID":', ${quoted('client_msg_id')}, ',"serverMsgID":', ${quoted('server_msg_id')},
  ',"conversationID":', ${quoted('conversation_id')}, ',"seq":', m.seq,
  ',"sendID":', ${quoted('send_id')}, ',"recvID":', ${quoted('recv_id')},
  ',"groupID":', ${quoted('group_id')}, ',"senderNickname":', ${quoted('sender_nickname')},
  ',"senderFaceUrl":', ${quoted('sender_face_url')}, ',"senderPlatformID":', m.sender_platform_id,
  ',"sessionType":', m.session_type, ',"contentType":', m.content_type,
  ',"msgFrom":', m.msg_from, ',"createTime":', m.create_time, ',"sendTime":', m.send_time,
  ',"status":${MessageStatus.Succeeded},"isRead":false',
  CASE WHEN m.ex <> '' THEN ',"ex":' || json_quote(m.ex) ELSE '' END,
  CASE WHEN m.edit_time > 0 THEN ',"editTime":' || m.edit_time ELSE '' END,
  CASE WHEN m.reactions <> '' THEN ',"reactions":' || json(m.reactions) ELSE '' END,
  CASE WHEN m.burn_duration <> 0 THEN ',"burnDuration":' || m.burn_duration ELSE '' END,
  CASE WHEN m.burn_at > 0 THEN ',"burnAt":' || m.burn_at ELSE '' END,
  CASE WHEN m.content = '${BURNED_CONTENT}' THEN '' ELSE COALESCE(${ELEM_KEY} || json(m.content), '') END,
  '}')`,
);

/**
 * The JSON of the messages with begin ≤ seq ≤ end of a conversation, in seq order, comma-separated
 * (the inside of a JSON array; empty when there are none), as UTF-8 bytes. On SQLite the database
 * writes the JSON (docs/decisions.md#pulls-answered-in-json-sqlite-writes): each message as
 * toMessageItem (message-row.ts) builds it, key for key, and the range as one value, which SQLite
 * hands over as bytes (a BLOB). A storm pulls a million messages: a JS string per message, joined and
 * encoded to UTF-8 again for the socket, was a tenth of its CPU. message-json.test.ts holds the two
 * to the same items. PostgreSQL's rows go through toMessageItem.
 */
export async function encodedMessagesInRange(
  db: Database,
  conversationID: string,
  begin: number,
  end: number,
  /** SQLite's reads' thread, when the server has one (storage/read-thread.ts). */
  reads?: QueryRunner,
): Promise<Buffer> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await messagesInRange(db, conversationID, begin, end);
    return Buffer.from(rows.map((row) => JSON.stringify(toMessageItem(row))).join(','));
  }
  // Compiled once (storage/compiled-query.ts): Kysely's build and compile of this statement on each
  // of a storm's ten thousand pulls cost a share of its own.
  const { rows } = await runCompiled(
    unmapped(db),
    'pull-json',
    () => sql<{
      json: Uint8Array | null;
    }>`SELECT CAST(group_concat(${ITEM_JSON}, ',' ORDER BY m.seq) AS BLOB) AS json
      FROM messages m WHERE m.conversation_id = ${''} AND m.seq >= ${0} AND m.seq <= ${0}`,
    [conversationID, begin, end],
    reads,
  );
  const json = rows[0]?.json;
  return json ? Buffer.from(json.buffer, json.byteOffset, json.byteLength) : EMPTY;
}

const EMPTY = Buffer.alloc(0);
const COMMA = Buffer.from(',');

/**
 * The PullMsgs answer `{ msgs: { [conversationID]: MessageItem[] } }` as UTF-8 bytes, in parts to be
 * sent one after another, from each conversation's ranges of encodedMessagesInRange, given in seq
 * order and not overlapping: the ranges' bytes are not copied into one buffer here, nor later
 * (gateway/shared-frame.ts writeFrameParts).
 */
export function encodePulled(byConversation: Map<string, Buffer[]>): Buffer[] {
  const parts: Buffer[] = [Buffer.from('{"msgs":{')];
  let first = true;
  for (const [conversationID, ranges] of byConversation) {
    parts.push(Buffer.from(`${first ? '' : ','}${JSON.stringify(conversationID)}:[`));
    first = false;
    let empty = true;
    for (const range of ranges) {
      if (range.length === 0) continue;
      if (!empty) parts.push(COMMA);
      parts.push(range);
      empty = false;
    }
    parts.push(Buffer.from(']'));
  }
  parts.push(Buffer.from('}}'));
  return parts;
}
