import type { Kysely } from 'kysely';

/**
 * Burn-after-reading (docs/product.md#burn-after-reading): a message sent while the setting was on
 * keeps its duration, and the time it burns once the peer has read it. The setting itself is the
 * conversation rows' is_private_chat and burn_duration (migration 0002), the same on both rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('burn_duration', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('burn_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The sweep asks for due messages by burn time; only read burn messages have one (0 otherwise).
  await db.schema.createIndex('messages_burn_at').on('messages').column('burn_at').execute();
}
