import type { GroupApplication } from '@im/protocol';
import { isQueryID, parseQueryObject, queryNumber, queryText } from './query-json';

/**
 * A group application from the /applicationDetails query (`application` as JSON,
 * docs/product.md#routes): null unless it names the group and the applicant.
 */
export function parseGroupApplication(raw: string | null): GroupApplication | null {
  const v = parseQueryObject<GroupApplication>(raw);
  if (!v || !isQueryID(v.groupID) || !isQueryID(v.userID)) return null;
  return {
    groupID: v.groupID,
    groupName: queryText(v.groupName),
    groupFaceURL: queryText(v.groupFaceURL),
    userID: v.userID,
    nickname: queryText(v.nickname),
    faceURL: queryText(v.faceURL),
    reqMsg: queryText(v.reqMsg),
    joinSource: queryNumber(v.joinSource),
    inviterUserID: queryText(v.inviterUserID),
    handleResult: queryNumber(v.handleResult),
    handleMsg: queryText(v.handleMsg),
    handleUserID: queryText(v.handleUserID),
    createTime: queryNumber(v.createTime),
    handleTime: queryNumber(v.handleTime),
  };
}
