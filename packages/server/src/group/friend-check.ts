import { ErrCode } from '@im/protocol';
import { friendsAmong } from '../friend/friend-queries.ts';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';

/**
 * Groups are made of friends: the creator picks members from their friends, and a member invites
 * their friends (the chooseUser screen lists friends). Anyone else answers 1301 naming them, and the
 * call changes nothing.
 */
export async function requireFriends(db: Database, ownerUserID: string, userIDs: string[]): Promise<void> {
  if (userIDs.length === 0) return;
  const friends = new Set((await friendsAmong(db, ownerUserID, userIDs)).map((f) => f.userID));
  const others = userIDs.filter((id) => !friends.has(id));
  if (others.length > 0)
    throw new AppError(ErrCode.NOT_FRIEND, { detail: `not your friends: ${others.join(', ')}` });
}
