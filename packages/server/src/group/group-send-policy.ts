import { ContentType, ErrCode, groupConversationID, groupSendBlock, groupSendBlockCode } from '@im/protocol';
import type { GroupSendBlock } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { SendAttempt, SendTarget } from '../message/send-attempt.ts';
import type { Database } from '../storage/database.ts';
import { markGroupAt, readAtMarks } from './at-mentions.ts';
import { groupNotFound } from './group-auth.ts';
import type { GroupMemberCache, GroupMemberList } from './group-member-cache.ts';
import { findGroup } from './group-queries.ts';
import { reviveMemberViews } from './group-views.ts';
import { findMember, memberIDs } from './member-queries.ts';

/**
 * The group part of checkSendPolicy (session type 3). Why a send is refused comes from the one rule
 * the web's composer shares, groupSendBlock in @im/protocol (group-send-rule.ts), each reason with
 * its code: not a member or no such group 1004 (the same answer), dismissed 1403, banned 1404, muted
 * until a time still to come 1402 (even an admin), the group muted and the sender neither owner nor
 * admin 1401. Then an @all (AtText with "AtAllTag") from an ordinary member: 1002.
 * The message goes to every other member; an at-text marks the mentioned members' conversations.
 * The members (and the sender's role and mute) come from the kept list of the group row's member
 * version when there is a cache (message sends; group-member-cache.ts), else are read.
 */
export async function checkGroupSend(
  db: Database,
  attempt: SendAttempt,
  members?: Pick<GroupMemberCache, 'get'>,
): Promise<SendTarget> {
  if (!attempt.groupID) throw new AppError(ErrCode.ARGS, { detail: 'groupID: required for a group send' });
  const group = await findGroup(db, attempt.groupID);
  const list = !group
    ? undefined
    : members
      ? await members.get(group.groupId, group.memberVersion)
      : await readUncached(db, group.groupId, group.memberVersion, attempt.sendID);
  const self = list?.facts.get(attempt.sendID);
  const now = Date.now();
  const block = groupSendBlock({ isMember: Boolean(group && self), group, self, now });
  if (block) throw refusal(block, self?.muteEndTime ?? 0);
  // Narrowed for the compiler: a missing group or member is 'leftGroup' above.
  if (!group || !list || !self) throw groupNotFound();
  const marks =
    attempt.contentType === ContentType.AtText
      ? readAtMarks(attempt.content, { userId: attempt.sendID, roleLevel: self.roleLevel })
      : null;
  const conversationID = groupConversationID(group.groupId);
  // The others, copied only when asked for (an online-only send, an at-text): a stored send pushes to
  // everyoneIDs as it is kept, and a copy of 10,000 ids was most of the send's checks.
  let recipientIDs: string[] | undefined;
  const others = () => (recipientIDs ??= without(list.ids, attempt.sendID));
  return {
    conversationID,
    get recipientIDs() {
      return others();
    },
    everyoneIDs: list.ids,
    recipientViewsKept: true,
    afterStore: async (trx) => {
      await reviveMemberViews(trx, conversationID, group.groupId);
      if (marks) await markGroupAt(trx, conversationID, others(), marks);
    },
  };
}

/** The ids but one, in a plain loop (Array.prototype.filter took ~4× as long on 10,000 ids). */
function without(ids: readonly string[], userID: string): string[] {
  const out: string[] = [];
  for (const id of ids) if (id !== userID) out.push(id);
  return out;
}

/**
 * Without a cache (the checks of edits and reactions): the sender's row and the members' ids, as
 * before the cache, rather than every member's facts (a list read for keeping costs twice as much).
 */
async function readUncached(
  db: Database,
  groupID: string,
  version: number,
  sendID: string,
): Promise<GroupMemberList> {
  const [self, ids] = await Promise.all([findMember(db, groupID, sendID), memberIDs(db, groupID)]);
  return { version, ids, facts: new Map(self ? [[sendID, self]] : []) };
}

function refusal(block: GroupSendBlock, muteEndTime: number): AppError {
  if (block === 'leftGroup') return groupNotFound();
  if (block === 'muted')
    return new AppError(groupSendBlockCode.muted, {
      detail: `muted until ${new Date(muteEndTime).toISOString()}`,
    });
  return new AppError(groupSendBlockCode[block]);
}
