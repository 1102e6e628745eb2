import type { Transaction } from 'kysely';
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

/** Two primary-key lookups: this runs on every one-to-one send. */
export async function relationBetween(
  db: Database | Transaction<Tables>,
  self: string,
  peer: string,
): Promise<Relation> {
  const [friend, blacks] = await Promise.all([
    db
      .selectFrom('friends')
      .select('ownerUserId')
      .where('ownerUserId', '=', self)
      .where('friendUserId', '=', peer)
      .executeTakeFirst(),
    db
      .selectFrom('blacks')
      .select('ownerUserId')
      .where((eb) =>
        eb.or([
          eb.and([eb('ownerUserId', '=', self), eb('blockUserId', '=', peer)]),
          eb.and([eb('ownerUserId', '=', peer), eb('blockUserId', '=', self)]),
        ]),
      )
      .execute(),
  ]);
  return {
    isFriend: Boolean(friend),
    blocksPeer: blacks.some((b) => b.ownerUserId === self),
    blockedByPeer: blacks.some((b) => b.ownerUserId === peer),
  };
}
