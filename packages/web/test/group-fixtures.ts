import { ContentType, GroupStatus, RoleLevel, SessionType } from '@im/protocol';
import type { GroupApplication, GroupInfo, GroupMemberInfo } from '@im/protocol';
import { notice } from './fixtures';

export function group(fields: Partial<GroupInfo> = {}): GroupInfo {
  return {
    groupID: 'g1',
    groupName: 'Hikers',
    faceURL: '',
    notification: '',
    notificationUserID: '',
    notificationUpdateTime: 0,
    introduction: '',
    ownerUserID: 'alice',
    creatorUserID: 'alice',
    memberCount: 3,
    status: GroupStatus.Normal,
    groupType: 0,
    needVerification: 0,
    lookMemberInfo: 0,
    applyMemberFriend: 0,
    createTime: 1,
    ex: '',
    ...fields,
  };
}

export function member(fields: Partial<GroupMemberInfo> = {}): GroupMemberInfo {
  const userID = fields.userID ?? 'bob';
  return {
    groupID: 'g1',
    userID,
    nickname: userID[0].toUpperCase() + userID.slice(1),
    groupNickname: '',
    faceURL: '',
    roleLevel: RoleLevel.Member,
    joinTime: 10,
    joinSource: 2,
    inviterUserID: 'alice',
    operatorUserID: 'alice',
    muteEndTime: 0,
    ...fields,
  };
}

export function groupApplication(fields: Partial<GroupApplication> = {}): GroupApplication {
  return {
    groupID: 'g1',
    groupName: 'Hikers',
    groupFaceURL: '',
    userID: 'dan',
    nickname: 'Dan',
    faceURL: '',
    reqMsg: 'let me in',
    joinSource: 3,
    inviterUserID: '',
    handleResult: 0,
    handleMsg: '',
    handleUserID: '',
    createTime: 1000,
    handleTime: 0,
    ...fields,
  };
}

/** A group notification of `g1` with its detail (the group after the change included). */
export function groupNotice(contentType: number, detail: object, info: Partial<GroupInfo> = {}) {
  return notice(
    contentType,
    { group: group(info), operationTime: 1, ...detail },
    { sessionType: SessionType.Group, groupID: 'g1', conversationID: 'sg_g1', recvID: '' },
  );
}

export { ContentType };
