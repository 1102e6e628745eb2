import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The profile's later parts (issue 11): usernames unique case-insensitively among those set (an
 * unset username is ''), and the debug logs users upload for the operator
 * (src/storage/debug-logs-schema.ts; docs/operations.md#debug-logs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Partial expression index: both SQLite and PostgreSQL have them; '' (unset) may repeat.
  await sql`CREATE UNIQUE INDEX users_user_name_unique ON users (lower(user_name)) WHERE user_name <> ''`.execute(
    db,
  );
  await db.schema
    .createTable('debug_logs')
    .addColumn('log_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'integer', (c) => c.notNull())
    .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The operator reads one user's uploads newest first; the prune keeps the newest per user.
  await db.schema
    .createIndex('debug_logs_user_created')
    .on('debug_logs')
    .columns(['user_id', 'created_at'])
    .execute();
}
