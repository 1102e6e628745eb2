import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';

/** How one user stands to another: what the send policy and the application rules decide on. */
export interface Relation {
  /** `peer` is `self`'s friend (friendship is always on both sides). */
  isFriend: boolean;
  /** `self` has `peer` in their blacklist. */
  blocksPeer: boolean;
  /** `peer` has `self` in their blacklist. */
  blockedByPeer: boolean;
}

/**
 * Three primary-key probes in one statement (plain SQL, the same on both databases, compiled once):
 * this runs on every one-to-one send.
 */
export async function relationBetween(
  db: Database | Transaction<Tables>,
  self: string,
  peer: string,
): Promise<Relation> {
  const { rows } = await runCompiled<{ isFriend: unknown; blocksPeer: unknown; blockedByPeer: unknown }>(
    db,
    'relation-between',
    () => sql`
      SELECT
        EXISTS (SELECT 1 FROM friends WHERE owner_user_id = ${self} AND friend_user_id = ${peer}) AS is_friend,
        EXISTS (SELECT 1 FROM blacks WHERE owner_user_id = ${self} AND block_user_id = ${peer}) AS blocks_peer,
        EXISTS (SELECT 1 FROM blacks WHERE owner_user_id = ${peer} AND block_user_id = ${self}) AS blocked_by_peer
    `,
    [self, peer, self, peer, peer, self],
  );
  // SQLite answers 0/1, PostgreSQL booleans.
  const row = rows[0];
  return {
    isFriend: Boolean(row?.isFriend),
    blocksPeer: Boolean(row?.blocksPeer),
    blockedByPeer: Boolean(row?.blockedByPeer),
  };
}
