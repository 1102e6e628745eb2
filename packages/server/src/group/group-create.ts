import { randomInt } from 'node:crypto';
import { ContentType, ErrCode, GroupStatus, JoinSource, RoleLevel } from '@im/protocol';
import type { createGroupSchema, GroupInfo } from '@im/protocol';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { findUserByID, findUsersByIDs } from '../user/user-queries.ts';
import { requireFriends } from './friend-check.ts';
import { noticeUser, toGroupInfo } from './group-mapping.ts';
import type { GroupDeps } from './group-notices.ts';
import { requireIssuedFace, storeGroupChange } from './group-notices.ts';
import { findGroup, insertGroup } from './group-queries.ts';
import type { GroupRow } from './group-queries.ts';
import { insertMembers } from './member-queries.ts';

/** A new numeric group ID (10 digits, like user IDs), not yet taken. */
async function newGroupID(deps: GroupDeps): Promise<string> {
  for (;;) {
    const groupID = String(randomInt(1_000_000_000, 9_999_999_999));
    if (!(await findGroup(deps.db, groupID))) return groupID;
  }
}

/**
 * Creates a group of the creator (owner, role 100) and some of their friends (members, role 20,
 * invited by the creator). The 1501 notice's transaction inserts the group and its members, so the
 * group exists exactly when its first message does. Every member hears joinedGroupAdded.
 */
export async function createGroup(
  deps: GroupDeps,
  creatorID: string,
  req: z.output<typeof createGroupSchema>,
): Promise<GroupInfo> {
  await requireIssuedFace(deps, req.faceURL);
  const creator = await findUserByID(deps.db, creatorID);
  if (!creator) throw new AppError(ErrCode.NOT_FOUND, { detail: 'user not found' });
  const ids = [...new Set(req.memberUserIDs)].filter((id) => id !== creatorID);
  await requireFriends(deps.db, creatorID, ids);
  // In the order the creator picked them (the 1501 notice lists them so).
  const found = new Map((await findUsersByIDs(deps.db, ids)).map((u) => [u.userId, u]));
  const users = ids.flatMap((id) => found.get(id) ?? []);
  const now = Date.now();
  const group: GroupRow = {
    groupId: await newGroupID(deps),
    groupName: req.groupName,
    faceUrl: req.faceURL,
    notification: req.notification,
    notificationUserId: req.notification ? creatorID : '',
    notificationUpdateTime: req.notification ? now : 0,
    introduction: req.introduction,
    ownerUserId: creatorID,
    creatorUserId: creatorID,
    status: GroupStatus.Normal,
    groupType: req.groupType,
    needVerification: req.needVerification,
    lookMemberInfo: req.lookMemberInfo,
    applyMemberFriend: req.applyMemberFriend,
    createTime: now,
    ex: '',
    memberVersion: 0,
  };
  const member = (userID: string, roleLevel: number, joinSource: number) => ({
    groupId: group.groupId,
    userId: userID,
    roleLevel,
    joinTime: now,
    joinSource,
    inviterUserId: roleLevel === RoleLevel.Owner ? '' : creatorID,
    operatorUserId: creatorID,
  });
  const memberCount = users.length + 1;
  await storeGroupChange(deps, {
    group,
    memberCount,
    contentType: ContentType.GroupCreated,
    opUserID: creatorID,
    fields: { opUser: noticeUser(creator), memberList: [creator, ...users].map(noticeUser) },
    userIDs: [creatorID, ...ids],
    apply: async (trx) => {
      await insertGroup(trx, group);
      await insertMembers(trx, [
        member(creatorID, RoleLevel.Owner, JoinSource.Created),
        ...users.map((u) => member(u.userId, RoleLevel.Member, JoinSource.Invitation)),
      ]);
    },
  });
  const info = toGroupInfo(group, memberCount);
  deps.push.notice([creatorID, ...ids], 'joinedGroupAdded', info);
  return info;
}
