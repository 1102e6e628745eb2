import type { GroupApplication } from '@im/protocol';

/**
 * A group application from the /applicationDetails query (`application` as JSON, spec §2): null
 * unless it names the group and the applicant.
 */
export function parseGroupApplication(raw: string | null): GroupApplication | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<GroupApplication>;
  if (typeof v.groupID !== 'string' || !v.groupID) return null;
  if (typeof v.userID !== 'string' || !v.userID) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return {
    groupID: v.groupID,
    groupName: text(v.groupName),
    groupFaceURL: text(v.groupFaceURL),
    userID: v.userID,
    nickname: text(v.nickname),
    faceURL: text(v.faceURL),
    reqMsg: text(v.reqMsg),
    joinSource: num(v.joinSource),
    inviterUserID: text(v.inviterUserID),
    handleResult: num(v.handleResult),
    handleMsg: text(v.handleMsg),
    handleUserID: text(v.handleUserID),
    createTime: num(v.createTime),
    handleTime: num(v.handleTime),
  };
}
