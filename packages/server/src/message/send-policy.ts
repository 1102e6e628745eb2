import { ErrCode, SessionType, singleConversationID } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import type { GroupMemberCache } from '../group/group-member-cache.ts';
import { checkGroupSend } from '../group/group-send-policy.ts';
import { findUserByID } from '../user/user-queries.ts';
import { oneToOneFacts } from './one-to-one-facts.ts';
import type { SendAttempt, SendTarget } from './send-attempt.ts';
import type { OneToOneFactsCache } from './one-to-one-facts-cache.ts';

/**
 * THE rule of who may message whom; every user send (stored or online-only, typing and call signals
 * included) passes here, so later rules are added in this one place.
 *
 * One-to-one, to an existing user (else 1004), in this order:
 * - the recipient has the sender in their blacklist: 1302 (blocked by the peer);
 * - the sender has the recipient in their own blacklist: 1306 (unblock first; the composer says so);
 * - they are not friends: 1301. A blacklist entry keeps the friendship but still refuses, as above.
 * A message to oneself is always allowed and lands in the note-to-self conversation `si_<me>_<me>`:
 * stored, synced to the user's other devices, never unread.
 *
 * Group (session type 3): checkGroupSend in src/group/group-send-policy.ts (membership, dismissed,
 * banned, member mute, mute all, @all), to every other member.
 */
export async function checkSendPolicy(
  db: Database,
  attempt: SendAttempt,
  cache?: Pick<OneToOneFactsCache, 'get'>,
  groupMembers?: Pick<GroupMemberCache, 'get'>,
): Promise<SendTarget> {
  if (attempt.sessionType === SessionType.Single) {
    if (!attempt.recvID)
      throw new AppError(ErrCode.ARGS, { detail: 'recvID: required for a one-to-one send' });
    const conversationID = singleConversationID(attempt.sendID, attempt.recvID);
    if (attempt.recvID === attempt.sendID) return { conversationID, recipientIDs: [] };
    // The burn setting comes with the relation, in one statement (one-to-one-facts.ts); the message
    // sends keep it per pair (one-to-one-facts-cache.ts), the rarer checks read it afresh.
    const facts = cache
      ? await cache.get(attempt.sendID, attempt.recvID, conversationID)
      : await oneToOneFacts(db, attempt.sendID, attempt.recvID, conversationID);
    // A friend exists; only a refused send pays for the lookup that tells 1004 from the others.
    if (!facts.isFriend && !(await findUserByID(db, attempt.recvID)))
      throw new AppError(ErrCode.NOT_FOUND, { detail: `user ${attempt.recvID} not found` });
    if (facts.blockedByPeer) throw new AppError(ErrCode.BLOCKED_BY_PEER);
    if (facts.blocksPeer) throw new AppError(ErrCode.IN_OWN_BLACKLIST);
    if (!facts.isFriend)
      throw new AppError(ErrCode.NOT_FRIEND, { detail: `${attempt.recvID} is not your friend` });
    return { conversationID, recipientIDs: [attempt.recvID], burnDuration: facts.burnDuration };
  }
  if (attempt.sessionType === SessionType.Group) return checkGroupSend(db, attempt, groupMembers);
  throw new AppError(ErrCode.ARGS, { detail: `sessionType: ${attempt.sessionType} cannot be sent` });
}
