import { ContentType, ErrCode, groupConversationID } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import { noticeUser, toGroupInfo, toMemberInfo } from './group-mapping.ts';
import type { GroupChange, GroupDeps } from './group-notices.ts';
import { storeGroupChange } from './group-notices.ts';
import type { GroupRow } from './group-queries.ts';
import { deleteMembers, memberIDs } from './member-queries.ts';
import type { MemberRow } from './member-queries.ts';
import { endViews } from './group-views.ts';

/**
 * Members leave (kicked by `op`, or quitting when `op` is the one leaving): one 1508 or 1504 notice,
 * sent to the members before the change so the leavers get it too, whose transaction deletes the
 * members and ends their view of the conversation at the notice. From then on they read nothing new
 * of the group; their conversation row stays with the history up to the notice.
 */
export async function removeMembers(
  deps: GroupDeps,
  group: GroupRow,
  op: MemberRow,
  leavers: MemberRow[],
  contentType: typeof ContentType.MemberKicked | typeof ContentType.MemberQuit,
  guard: GroupChange['guard'],
): Promise<void> {
  const ids = leavers.map((m) => m.userId);
  const current = await memberIDs(deps.db, group.groupId);
  const memberCount = current.length - ids.length;
  await storeGroupChange(deps, {
    group,
    memberCount,
    contentType,
    opUserID: op.userId,
    fields:
      contentType === ContentType.MemberKicked
        ? { opUser: noticeUser(op), kickedUserList: leavers.map(noticeUser) }
        : { quitUser: noticeUser(op) },
    userIDs: current,
    guard,
    apply: async (trx, notice) => {
      // Someone left meanwhile (another admin kicked them): nothing of this call happens.
      if ((await deleteMembers(trx, group.groupId, ids)) !== ids.length)
        throw new AppError(ErrCode.NOT_GROUP_MEMBER);
      await endViews(trx, groupConversationID(group.groupId), ids, Number(notice.seq));
    },
  });
  const info = toGroupInfo(group, memberCount);
  const leaving = new Set(ids);
  const remaining = current.filter((id) => !leaving.has(id));
  deps.push.notice(ids, 'joinedGroupDeleted', info);
  deps.push.notice(remaining, 'groupInfoChanged', info);
  for (const leaver of leavers) deps.push.notice(current, 'groupMemberDeleted', toMemberInfo(leaver));
}
