import { ErrCode } from '@im/protocol';
import { friendsAmong } from '../friend/friend-queries.ts';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';

/**
 * Groups are made of friends: the creator picks members from their friends, and a member invites
 * their friends (the chooseUser screen lists friends). The blacklist holds here as in one-to-one
 * sends (src/message/send-policy.ts), in the same order: someone who has the caller in their blacklist
 * answers 1302, someone in the caller's own blacklist 1306 (a blacklist entry keeps the friendship),
 * anyone else who is not a friend 1301 naming them. The call then changes nothing.
 */
export async function requireFriends(db: Database, ownerUserID: string, userIDs: string[]): Promise<void> {
  if (userIDs.length === 0) return;
  const blacks = await db
    .selectFrom('blacks')
    .select(['ownerUserId', 'blockUserId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('ownerUserId', 'in', userIDs), eb('blockUserId', '=', ownerUserID)]),
        eb.and([eb('ownerUserId', '=', ownerUserID), eb('blockUserId', 'in', userIDs)]),
      ]),
    )
    .execute();
  if (blacks.some((b) => b.blockUserId === ownerUserID)) throw new AppError(ErrCode.BLOCKED_BY_PEER);
  if (blacks.length > 0)
    throw new AppError(ErrCode.IN_OWN_BLACKLIST, {
      detail: `in your blacklist: ${blacks.map((b) => b.blockUserId).join(', ')}`,
    });
  const friends = new Set((await friendsAmong(db, ownerUserID, userIDs)).map((f) => f.userID));
  const others = userIDs.filter((id) => !friends.has(id));
  if (others.length > 0)
    throw new AppError(ErrCode.NOT_FRIEND, { detail: `not your friends: ${others.join(', ')}` });
}
