import { ContentType, ErrCode, groupConversationID, HandleResult, RoleLevel } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import { knownUnique } from '../push/push.ts';
import { isUniqueViolation } from '../storage/unique-violation.ts';
import type { UserRow } from '../user/user-queries.ts';
import { findApplication, handlePending, pendingApplicants } from './application-queries.ts';
import { toApplication, toGroupInfo, toMemberInfo, noticeUser } from './group-mapping.ts';
import type { GroupChange, GroupDeps } from './group-notices.ts';
import { storeGroupChange } from './group-notices.ts';
import type { GroupRow } from './group-queries.ts';
import { insertMembers, managerIDs, memberIDs, membersAmong } from './member-queries.ts';
import type { MemberRow } from './member-queries.ts';
import { startViews } from './group-views.ts';

export interface Newcomer {
  user: UserRow;
  joinSource: number;
  inviterUserID: string;
}

export interface JoinHow {
  /** MemberInvited (opUser is the inviter) or MemberEnter (opUser is who let them in). */
  contentType: typeof ContentType.MemberInvited | typeof ContentType.MemberEnter;
  /** The inviter, the approving owner or admin, or the entrant themself. */
  opUser: MemberRow | UserRow;
  /** Who answered a pending application of theirs by letting them in, and with what message. */
  handlerUserID: string;
  handleMsg?: string;
  /** The rights the join was decided on, checked again in its transaction (GroupChange.guard). */
  guard?: GroupChange['guard'];
}

/**
 * Lets users into a group as ordinary members (invitation, direct join, accepted application): one
 * 1509 or 1510 notice whose transaction inserts the members, starts their view of the conversation at
 * the notice, and marks their pending applications approved. A user who became a member meanwhile
 * makes the whole call fail with 1405 and nothing changes.
 */
export async function addMembers(deps: GroupDeps, group: GroupRow, newcomers: Newcomer[], how: JoinHow) {
  const { db } = deps;
  const ids = newcomers.map((n) => n.user.userId);
  const now = Date.now();
  const [current, pending] = await Promise.all([
    memberIDs(db, group.groupId),
    pendingApplicants(db, group.groupId, ids),
  ]);
  const memberCount = current.length + ids.length;
  const users = newcomers.map((n) => noticeUser(n.user));
  await storeGroupChange(deps, {
    group,
    memberCount,
    contentType: how.contentType,
    opUserID: how.opUser.userId,
    fields:
      how.contentType === ContentType.MemberInvited
        ? { opUser: noticeUser(how.opUser), invitedUserList: users }
        : { opUser: noticeUser(how.opUser), entrantUser: users[0] },
    userIDs: [...current, ...ids],
    guard: how.guard,
    apply: async (trx, notice) => {
      try {
        await insertMembers(
          trx,
          newcomers.map((n) => ({
            groupId: group.groupId,
            userId: n.user.userId,
            roleLevel: RoleLevel.Member,
            joinTime: now,
            joinSource: n.joinSource,
            inviterUserId: n.inviterUserID,
            operatorUserId: how.opUser.userId,
          })),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(ErrCode.ALREADY_IN_GROUP);
        throw error;
      }
      await startViews(trx, groupConversationID(group.groupId), ids, Number(notice.seq));
      await handlePending(trx, group.groupId, ids, {
        handleResult: HandleResult.Approved,
        handleMsg: how.handleMsg ?? '',
        handleUserId: how.handlerUserID,
        handleTime: now,
      });
    },
  });
  const info = toGroupInfo(group, memberCount);
  deps.push.notice(ids, 'joinedGroupAdded', info);
  deps.push.notice(current, 'groupInfoChanged', info);
  // One list for every newcomer's notice, each user once (the insert above refused anyone twice):
  // a copy and a de-duplication per newcomer made inviting into a large group quadratic.
  const everyone = knownUnique([...current, ...ids]);
  for (const member of await membersAmong(db, group.groupId, ids))
    deps.push.notice(everyone, 'groupMemberAdded', toMemberInfo(member));
  await announceHandled(deps, group, pending, 'groupApplicationAccepted');
}

/** The handled applications of the users, to the applicant and the group's owner and admins. */
export async function announceHandled(
  deps: GroupDeps,
  group: GroupRow,
  userIDs: string[],
  event: 'groupApplicationAccepted' | 'groupApplicationRejected',
): Promise<void> {
  if (userIDs.length === 0) return;
  const managers = await managerIDs(deps.db, group.groupId);
  for (const userID of userIDs) {
    const row = await findApplication(deps.db, group.groupId, userID);
    if (row) deps.push.notice([userID, ...managers], event, toApplication(row));
  }
}
