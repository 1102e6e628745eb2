import type { Kysely } from 'kysely';

/** The uploads' records (src/storage/uploads-schema.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('referenced', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The daily quota sums one owner's recent uploads.
  await db.schema
    .createIndex('uploads_owner_created')
    .on('uploads')
    .columns(['owner_id', 'created_at'])
    .execute();
  // The sweep finds old unreferenced uploads.
  await db.schema
    .createIndex('uploads_referenced_created')
    .on('uploads')
    .columns(['referenced', 'created_at'])
    .execute();
}
