import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The conversation list in pages without sorting all of a user's rows (issue 15,
 * docs/decisions.md#the-conversation-list-in-pages): `activity_time` on each row is the send time of
 * the latest message that moves the conversation up the list, kept by the message insert for the rows
 * it touches. A one-to-one message touches both users' rows, so theirs is exact and an index in the
 * list's order (docs/product.md#conversations: pinned, the later of draft and activity, id) serves
 * their pages. A group message touches one member row (docs/decisions.md#group-fan-out): group rows
 * keep being ordered by the conversation's own time, read when the list is, and the partial index
 * finds them without reading the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_conversations')
    .addColumn('activity_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE user_conversations SET activity_time = COALESCE((SELECT cs.latest_send_time
      FROM conversation_seqs cs WHERE cs.conversation_id = user_conversations.conversation_id), 0)
    WHERE conversation_type <> 3`.execute(db);
  // The expression is the list's (KEPT_TIME in message/conversation-page.ts), which both databases
  // match in a query. The last three columns make it covering: a page's keys, and the rows an offset
  // skips, come from the index alone.
  await sql`CREATE INDEX user_conversations_list_order ON user_conversations (owner_user_id, is_deleted,
      is_pinned DESC, (CASE WHEN draft_text_time > activity_time THEN draft_text_time ELSE activity_time END) DESC,
      conversation_id, draft_text_time, activity_time, conversation_type)
    WHERE conversation_type <> 3`.execute(db);
  await sql`CREATE INDEX user_conversations_groups ON user_conversations (owner_user_id, is_deleted)
    WHERE conversation_type = 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_conversations_groups').execute();
  await db.schema.dropIndex('user_conversations_list_order').execute();
  await db.schema.alterTable('user_conversations').dropColumn('activity_time').execute();
}
