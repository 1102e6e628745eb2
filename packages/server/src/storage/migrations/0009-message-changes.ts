import type { Kysely } from 'kysely';

/**
 * Edits and reactions rewrite a message in place (docs/api.md#message-changes): when its text was
 * last edited (0: never) and its reactions as JSON (MessageReaction[]; '' when none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('edit_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('reactions', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
