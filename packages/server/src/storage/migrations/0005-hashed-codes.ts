import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Verification codes are kept as keyed hashes, never as the digits (docs/operations.md#secrets-and-codes).
 * The codes alive at upgrade time (ten minutes at most) are dropped: a user asks for a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM verify_codes`.execute(db);
  await db.schema.alterTable('verify_codes').renameColumn('code', 'code_hash').execute();
}
