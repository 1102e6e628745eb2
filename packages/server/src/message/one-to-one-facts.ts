import { sql } from 'kysely';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import type { Relation } from '../friend/relation-queries.ts';

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
  const { rows } = await runCompiled<{
    isFriend: unknown;
    blocksPeer: unknown;
    blockedByPeer: unknown;
    burnDuration: unknown;
  }>(
    db,
    'one-to-one-facts',
    () => sql`
      SELECT
        EXISTS (SELECT 1 FROM friends WHERE owner_user_id = ${self} AND friend_user_id = ${peer}) AS is_friend,
        EXISTS (SELECT 1 FROM blacks WHERE owner_user_id = ${self} AND block_user_id = ${peer}) AS blocks_peer,
        EXISTS (SELECT 1 FROM blacks WHERE owner_user_id = ${peer} AND block_user_id = ${self}) AS blocked_by_peer,
        COALESCE((SELECT CASE WHEN is_private_chat = 1 THEN burn_duration ELSE 0 END FROM user_conversations
          WHERE owner_user_id = ${self} AND conversation_id = ${conversationID}), 0) AS burn_duration
    `,
    [self, peer, self, peer, peer, self, self, conversationID],
  );
  // SQLite answers 0/1, PostgreSQL booleans.
  const row = rows[0];
  return {
    isFriend: Boolean(row?.isFriend),
    blocksPeer: Boolean(row?.blocksPeer),
    blockedByPeer: Boolean(row?.blockedByPeer),
    burnDuration: Number(row?.burnDuration ?? 0),
  };
}
