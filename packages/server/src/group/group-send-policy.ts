import { ContentType, ErrCode, groupConversationID, GroupStatus } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { SendAttempt, SendTarget } from '../message/send-policy.ts';
import type { Database } from '../storage/database.ts';
import { markGroupAt, readAtMarks } from './at-mentions.ts';
import { groupNotFound, isManager, requireWritable } from './group-auth.ts';
import { findGroup } from './group-queries.ts';
import { findMember, memberIDs } from './member-queries.ts';

/**
 * The group part of checkSendPolicy (session type 3), in this order, each code telling the web's
 * composer what to say:
 * - not a member, or no such group: 1004, the same answer (the composer: left the group);
 * - dismissed 1403 (disbanded); banned 1404;
 * - muted individually until a time still to come: 1402 (you have been muted), even an admin;
 * - the group muted (status 3) and the sender neither owner nor admin: 1401 (all muted);
 * - an @all (AtText with "AtAllTag") from an ordinary member: 1002.
 * The message goes to every other member; an at-text marks the mentioned members' conversations.
 */
export async function checkGroupSend(db: Database, attempt: SendAttempt): Promise<SendTarget> {
  if (!attempt.groupID) throw new AppError(ErrCode.ARGS, { detail: 'groupID: required for a group send' });
  const [group, member] = await Promise.all([
    findGroup(db, attempt.groupID),
    findMember(db, attempt.groupID, attempt.sendID),
  ]);
  if (!group || !member) throw groupNotFound();
  requireWritable(group);
  if (member.muteEndTime > Date.now())
    throw new AppError(ErrCode.GROUP_MEMBER_MUTED, {
      detail: `muted until ${new Date(member.muteEndTime).toISOString()}`,
    });
  if (group.status === GroupStatus.Muted && !isManager(member)) throw new AppError(ErrCode.GROUP_MUTED);
  const marks = attempt.contentType === ContentType.AtText ? readAtMarks(attempt.content, member) : null;
  const conversationID = groupConversationID(group.groupId);
  const recipientIDs = (await memberIDs(db, group.groupId)).filter((id) => id !== attempt.sendID);
  return {
    conversationID,
    recipientIDs,
    ...(marks && { afterStore: (trx) => markGroupAt(trx, conversationID, recipientIDs, marks) }),
  };
}
