import type { Kysely } from 'kysely';

/** Friends (one row per side), friend applications (one per ordered pair) and blacklists. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('friends')
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('friend_user_id', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    // The send policy asks "is B a friend of A" on every send: the primary key answers it.
    .addPrimaryKeyConstraint('friends_pk', ['owner_user_id', 'friend_user_id'])
    .execute();
  // Friend list pages are in friendship order.
  await db.schema
    .createIndex('friends_owner_time')
    .on('friends')
    .columns(['owner_user_id', 'create_time', 'friend_user_id'])
    .execute();

  await db.schema
    .createTable('friend_applications')
    .addColumn('from_user_id', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'text', (c) => c.notNull())
    .addColumn('req_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handle_result', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handle_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handler_user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('handle_time', 'bigint', (c) => c.notNull().defaultTo(0))
    // One application per ordered pair: a new one replaces the earlier one.
    .addPrimaryKeyConstraint('friend_applications_pk', ['from_user_id', 'to_user_id'])
    .execute();
  // The recipient's list, newest first.
  await db.schema
    .createIndex('friend_applications_to_time')
    .on('friend_applications')
    .columns(['to_user_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('friend_applications_from_time')
    .on('friend_applications')
    .columns(['from_user_id', 'create_time'])
    .execute();

  await db.schema
    .createTable('blacks')
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('block_user_id', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blacks_pk', ['owner_user_id', 'block_user_id'])
    .execute();
}
