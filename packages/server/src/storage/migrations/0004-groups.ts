import type { Kysely } from 'kysely';

/**
 * Groups, their members and join applications; and each user's last visible seq of a conversation
 * (`leave_seq` on user_conversations: a member who quit or was kicked keeps their row for the history
 * up to their leave notice, and nothing later is ever answered to them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('face_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notification', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notification_user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notification_update_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('creator_user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('need_verification', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('look_member_info', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('apply_member_friend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('ex', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('group_nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role_level', 'integer', (c) => c.notNull())
    .addColumn('join_time', 'bigint', (c) => c.notNull())
    .addColumn('join_source', 'integer', (c) => c.notNull())
    .addColumn('inviter_user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mute_end_time', 'bigint', (c) => c.notNull().defaultTo(0))
    // Every group call and group send asks "is U a member of G": the primary key answers it.
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  // A user's joined groups, in joining order.
  await db.schema
    .createIndex('group_members_user')
    .on('group_members')
    .columns(['user_id', 'join_time'])
    .execute();

  await db.schema
    .createTable('group_applications')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('req_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('join_source', 'integer', (c) => c.notNull())
    .addColumn('inviter_user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handle_result', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handle_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handle_user_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('handle_time', 'bigint', (c) => c.notNull().defaultTo(0))
    // One application per user and group: a new one replaces the earlier one.
    .addPrimaryKeyConstraint('group_applications_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_applications_group_time')
    .on('group_applications')
    .columns(['group_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('group_applications_user_time')
    .on('group_applications')
    .columns(['user_id', 'create_time'])
    .execute();

  await db.schema
    .alterTable('user_conversations')
    .addColumn('leave_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
