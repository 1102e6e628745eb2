import type { Kysely } from 'kysely';

/** Users, sessions, verification codes and invitation codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('face_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birth', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('area_code', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('email', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('global_recv_msg_opt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_add_friend', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_phone')
    .unique()
    .on('users')
    .columns(['area_code', 'phone_number'])
    .execute();
  await db.schema.createIndex('users_email').unique().on('users').column('email').execute();
  await db.schema.createIndex('users_nickname').on('users').column('nickname').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sessions_user')
    .on('sessions')
    .columns(['user_id', 'platform', 'status'])
    .execute();

  await db.schema
    .createTable('verify_codes')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('used_for', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('verify_codes_pk', ['account', 'used_for'])
    .execute();

  await db.schema
    .createTable('invitation_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('used_by', 'text')
    .addColumn('used_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
