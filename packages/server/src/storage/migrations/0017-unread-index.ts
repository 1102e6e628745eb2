import type { Kysely } from 'kysely';

/**
 * Unread counts read the index alone (docs/decisions.md#reconnect-storm): the count asks of each
 * message above a user's read position only its sender and content type, and `messages` keeps its
 * rows in arrival order, so through the primary key each unread message was a table page of its own
 * (a hundred pages for a client that missed a hundred, read again by every list page). This index in
 * (conversation_id, seq) order holds those columns too: a conversation's unread rows sit together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_unread')
    .on('messages')
    .columns(['conversation_id', 'seq', 'send_id', 'content_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_unread').execute();
}
