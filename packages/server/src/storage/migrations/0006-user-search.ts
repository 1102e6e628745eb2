import type { Kysely } from 'kysely';

/**
 * The user search matches the exact ID, e-mail or phone number (docs/product.md#audience-and-features).
 * The ID and the e-mail had indexes; the phone number was only the second column of (area_code,
 * phone_number), so each search read every user. This index makes every branch an index lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_phone_number').on('users').column('phone_number').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_phone_number').execute();
}
