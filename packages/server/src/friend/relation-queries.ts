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

/** The columns of the three primary-key probes: `self`, `peer` twice each in this order (relationParams). */
export function relationColumns(self: string, peer: string) {
  return sql`
        EXISTS (SELECT 1 FROM friends WHERE owner_user_id = ${self} AND friend_user_id = ${peer}) AS is_friend,
        EXISTS (SELECT 1 FROM blacks WHERE owner_user_id = ${self} AND block_user_id = ${peer}) AS blocks_peer,
        EXISTS (SELECT 1 FROM blacks WHERE owner_user_id = ${peer} AND block_user_id = ${self}) AS blocked_by_peer`;
}

/** The parameters of relationColumns, for a compiled query's later runs. */
export const relationParams = (self: string, peer: string) => [self, peer, self, peer, peer, self];

export interface RelationRow {
  isFriend: unknown;
  blocksPeer: unknown;
  blockedByPeer: unknown;
}

/** SQLite answers 0/1, PostgreSQL booleans. */
export function relationOf(row: RelationRow | undefined): Relation {
  return {
    isFriend: Boolean(row?.isFriend),
    blocksPeer: Boolean(row?.blocksPeer),
    blockedByPeer: Boolean(row?.blockedByPeer),
  };
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
  const { rows } = await runCompiled<RelationRow>(
    db,
    'relation-between',
    () => sql`SELECT ${relationColumns(self, peer)}`,
    relationParams(self, peer),
  );
  return relationOf(rows[0]);
}
