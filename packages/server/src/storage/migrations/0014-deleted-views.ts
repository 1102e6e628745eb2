import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The rows a group message brings back (deleted by their owner) found without reading every member's
 * row: a group send's cost does not grow with its members (docs/decisions.md "Group fan-out").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX user_conversations_deleted ON user_conversations (conversation_id) WHERE is_deleted = 1`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_conversations_deleted').execute();
}
