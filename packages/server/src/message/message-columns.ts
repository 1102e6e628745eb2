import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import type { MessagesTable } from '../storage/messaging-schema.ts';
import type { Tables } from '../storage/tables.ts';

/** Each column of messages by its name in MessageRow; a column missing here does not compile. */
const COLUMNS: Record<keyof MessagesTable, string> = {
  conversationId: 'conversation_id',
  seq: 'seq',
  serverMsgId: 'server_msg_id',
  clientMsgId: 'client_msg_id',
  sendId: 'send_id',
  recvId: 'recv_id',
  groupId: 'group_id',
  senderNickname: 'sender_nickname',
  senderFaceUrl: 'sender_face_url',
  senderPlatformId: 'sender_platform_id',
  sessionType: 'session_type',
  contentType: 'content_type',
  msgFrom: 'msg_from',
  createTime: 'create_time',
  sendTime: 'send_time',
  content: 'content',
  ex: 'ex',
  editTime: 'edit_time',
  reactions: 'reactions',
  burnDuration: 'burn_duration',
  burnAt: 'burn_at',
};

/**
 * Every column of messages (alias `m`) under its MessageRow name, quoted so PostgreSQL keeps the case.
 * With `unmapped(db)` the database hands rows over as MessageRows: the camel-case plugin's key mapping
 * of each row was a large share of a reconnect storm's pulls, a million rows
 * (docs/decisions.md#hot-reads-in-plain-sql).
 */
export const MESSAGE_COLUMNS = sql.raw(
  Object.entries(COLUMNS)
    .map(([name, column]) => `m.${column} AS "${name}"`)
    .join(', '),
);

const plain = new WeakMap<Database, Kysely<Tables>>();

/** The database without the camel-case plugin, for queries that name their columns as MessageRow does. */
export function unmapped(db: Database): Kysely<Tables> {
  let found = plain.get(db);
  if (!found) {
    found = db.withoutPlugins();
    plain.set(db, found);
  }
  return found;
}
