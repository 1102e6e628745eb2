import type {
  GroupApplication,
  GroupInfo,
  GroupMemberInfo,
  GroupNoticeUser,
  PublicGroupCard,
} from '@im/protocol';
import type { UserRow } from '../user/user-queries.ts';
import type { ApplicationRow } from './application-queries.ts';
import type { GroupRow } from './group-queries.ts';
import type { MemberRow } from './member-queries.ts';

/** Rows as the IM API answers them (protocol/src/group.ts). */

export function toGroupInfo(row: GroupRow, memberCount: number): GroupInfo {
  return {
    groupID: row.groupId,
    groupName: row.groupName,
    faceURL: row.faceUrl,
    notification: row.notification,
    notificationUserID: row.notificationUserId,
    notificationUpdateTime: row.notificationUpdateTime,
    introduction: row.introduction,
    ownerUserID: row.ownerUserId,
    creatorUserID: row.creatorUserId,
    memberCount,
    status: row.status,
    groupType: row.groupType,
    needVerification: row.needVerification,
    lookMemberInfo: row.lookMemberInfo,
    applyMemberFriend: row.applyMemberFriend,
    createTime: row.createTime,
    ex: row.ex,
  };
}

export function toPublicCard(row: GroupRow, memberCount: number): PublicGroupCard {
  return {
    groupID: row.groupId,
    groupName: row.groupName,
    faceURL: row.faceUrl,
    memberCount,
    needVerification: row.needVerification,
  };
}

export function toMemberInfo(row: MemberRow): GroupMemberInfo {
  return {
    groupID: row.groupId,
    userID: row.userId,
    nickname: row.groupNickname || row.nickname,
    groupNickname: row.groupNickname,
    faceURL: row.faceUrl,
    roleLevel: row.roleLevel,
    joinTime: row.joinTime,
    joinSource: row.joinSource,
    inviterUserID: row.inviterUserId,
    operatorUserID: row.operatorUserId,
    muteEndTime: row.muteEndTime,
  };
}

export function toApplication(row: ApplicationRow): GroupApplication {
  return {
    groupID: row.groupId,
    groupName: row.groupName,
    groupFaceURL: row.groupFaceUrl,
    userID: row.userId,
    nickname: row.nickname,
    faceURL: row.faceUrl,
    reqMsg: row.reqMsg,
    joinSource: row.joinSource,
    inviterUserID: row.inviterUserId,
    handleResult: row.handleResult,
    handleMsg: row.handleMsg,
    handleUserID: row.handleUserId,
    createTime: row.createTime,
    handleTime: row.handleTime,
  };
}

/** A member (their name in the group) or a user (their nickname) as notifications name them. */
export function noticeUser(who: MemberRow | UserRow): GroupNoticeUser {
  const groupNickname = 'groupNickname' in who ? who.groupNickname : '';
  return { userID: who.userId, nickname: groupNickname || who.nickname, faceURL: who.faceUrl };
}
