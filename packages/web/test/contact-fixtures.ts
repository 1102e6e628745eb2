import type { BlackInfo, FriendApplication, FriendInfo } from '@im/protocol';

/** A pending friend application from `fromUserID` to `toUserID`; override what a test is about. */
export function application(fields: Partial<FriendApplication> = {}): FriendApplication {
  const from = fields.fromUserID ?? 'ann';
  const to = fields.toUserID ?? 'me';
  return {
    fromUserID: from,
    fromNickname: from,
    fromFaceURL: '',
    toUserID: to,
    toNickname: to,
    toFaceURL: '',
    reqMsg: 'hi',
    handleMsg: '',
    handleResult: 0,
    handlerUserID: '',
    createTime: 1000,
    handleTime: 0,
    ...fields,
  };
}

export function friend(fields: Partial<FriendInfo> = {}): FriendInfo {
  const userID = fields.userID ?? 'ann';
  return {
    ownerUserID: 'me',
    userID,
    nickname: userID,
    faceURL: '',
    gender: 0,
    remark: '',
    createTime: 1,
    ...fields,
  };
}

export function black(fields: Partial<BlackInfo> = {}): BlackInfo {
  const userID = fields.userID ?? 'ann';
  return { ownerUserID: 'me', userID, nickname: userID, faceURL: '', gender: 0, createTime: 1, ...fields };
}
