import type { Kysely } from 'kysely';

/**
 * A group's member version, bumped in the transaction of every change of its member rows: a node
 * keeps a group's member list while the version it reads with the group row on each send is the
 * list's (docs/decisions.md#group-fan-out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('groups')
    .addColumn('member_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('groups').dropColumn('member_version').execute();
}
