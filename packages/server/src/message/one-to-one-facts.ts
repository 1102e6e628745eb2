import { sql } from 'kysely';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import { relationColumns, relationOf, relationParams } from '../friend/relation-queries.ts';
import type { Relation, RelationRow } from '../friend/relation-queries.ts';

/** What a one-to-one send is decided and stored on: the relation and the sender's burn setting. */
export interface OneToOneFacts extends Relation {
  /** The duration the message carries (0: burn-after-reading off), as burnDurationFor answers. */
  burnDuration: number;
}

/**
 * relationBetween's three primary-key probes and burnDurationFor's read of the sender's row in one
 * statement (docs/decisions.md "The message hot path"): each statement of a send costs a round through
 * Kysely and the connection's queue besides SQLite's own work, and every one-to-one send needs both.
 * Plain SQL, the same on both databases, compiled once.
 */
export async function oneToOneFacts(
  db: Database,
  self: string,
  peer: string,
  conversationID: string,
): Promise<OneToOneFacts> {
  const { rows } = await runCompiled<RelationRow & { burnDuration: unknown }>(
    db,
    'one-to-one-facts',
    () => sql`
      SELECT ${relationColumns(self, peer)},
        COALESCE((SELECT CASE WHEN is_private_chat = 1 THEN burn_duration ELSE 0 END FROM user_conversations
          WHERE owner_user_id = ${self} AND conversation_id = ${conversationID}), 0) AS burn_duration
    `,
    [...relationParams(self, peer), self, conversationID],
  );
  return { ...relationOf(rows[0]), burnDuration: Number(rows[0]?.burnDuration ?? 0) };
}
