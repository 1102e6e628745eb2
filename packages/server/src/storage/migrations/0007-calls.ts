import type { Kysely } from 'kysely';

/** Calls and their records, one row per call shared by its two users (src/storage/calls-schema.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calls')
    .addColumn('room_id', 'text', (c) => c.primaryKey())
    .addColumn('inviter_user_id', 'text', (c) => c.notNull())
    .addColumn('invitee_user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('timeout_s', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('connect_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('end_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Each user's record list, newest first.
  await db.schema
    .createIndex('calls_inviter_start')
    .on('calls')
    .columns(['inviter_user_id', 'start_time'])
    .execute();
  await db.schema
    .createIndex('calls_invitee_start')
    .on('calls')
    .columns(['invitee_user_id', 'start_time'])
    .execute();
  // The sweep finds rooms that outlived their reservation or their ringing.
  await db.schema.createIndex('calls_state_created').on('calls').columns(['state', 'created_at']).execute();
}
