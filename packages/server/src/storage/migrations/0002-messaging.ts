import type { Kysely } from 'kysely';

/** Messages with their per-conversation seq counter, and each user's view of a conversation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversation_seqs')
    .addColumn('conversation_id', 'text', (c) => c.primaryKey())
    .addColumn('max_seq', 'bigint', (c) => c.notNull())
    .addColumn('latest_send_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('server_msg_id', 'text', (c) => c.notNull().unique())
    .addColumn('client_msg_id', 'text', (c) => c.notNull())
    .addColumn('send_id', 'text', (c) => c.notNull())
    .addColumn('recv_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_face_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_platform_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('session_type', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'integer', (c) => c.notNull())
    .addColumn('msg_from', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('send_time', 'bigint', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ex', 'text', (c) => c.notNull().defaultTo(''))
    // Pulls and history pages are ranges of seq in one conversation: the primary key serves them.
    .addPrimaryKeyConstraint('messages_pk', ['conversation_id', 'seq'])
    .execute();
  // Sends are idempotent per sender and clientMsgID; a racing resend hits this and re-reads.
  await db.schema
    .createIndex('messages_sender_client_id')
    .unique()
    .on('messages')
    .columns(['send_id', 'client_msg_id'])
    .execute();
  // History pages start below a given message.
  await db.schema
    .createIndex('messages_conversation_client_id')
    .on('messages')
    .columns(['conversation_id', 'client_msg_id'])
    .execute();

  await db.schema
    .createTable('user_conversations')
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('conversation_type', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recv_msg_opt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('draft_text_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('has_read_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('min_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_at_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_private_chat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('burn_duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ex', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('user_conversations_pk', ['owner_user_id', 'conversation_id'])
    .execute();
  // Members of a conversation (pushes, revived rows) are found by conversation.
  await db.schema
    .createIndex('user_conversations_conversation')
    .on('user_conversations')
    .column('conversation_id')
    .execute();
}
