import { HandleResult } from '@im/protocol';
import type { FriendApplication } from '@im/protocol';
import type { TranslationKey } from '../i18n/keys';
import { isQueryID, parseQueryObject, queryNumber, queryText } from './query-json';

/**
 * The `type` of /applicationDetails and /applicationList (a number, docs/product.md#routes), as
 * OpenIM clients number them: received and sent friend applications, received and sent group
 * applications.
 */
export const ApplicationType = {
  RecvFriend: 0,
  SendFriend: 1,
  RecvGroup: 2,
  SendGroup: 3,
} as const;

export type ApplicationTypeValue = (typeof ApplicationType)[keyof typeof ApplicationType];

export function parseApplicationType(raw: string | null): ApplicationTypeValue | null {
  const value = Number(raw);
  return raw !== null && raw !== '' && [0, 1, 2, 3].includes(value) ? (value as ApplicationTypeValue) : null;
}

/** A friend application from the query: null unless it is JSON naming both users. */
export function parseFriendApplication(raw: string | null): FriendApplication | null {
  const v = parseQueryObject<FriendApplication>(raw);
  if (!v || !isQueryID(v.fromUserID) || !isQueryID(v.toUserID)) return null;
  return {
    fromUserID: v.fromUserID,
    fromNickname: queryText(v.fromNickname),
    fromFaceURL: queryText(v.fromFaceURL),
    toUserID: v.toUserID,
    toNickname: queryText(v.toNickname),
    toFaceURL: queryText(v.toFaceURL),
    reqMsg: queryText(v.reqMsg),
    handleMsg: queryText(v.handleMsg),
    handleResult: queryNumber(v.handleResult),
    handlerUserID: queryText(v.handlerUserID),
    createTime: queryNumber(v.createTime),
    handleTime: queryNumber(v.handleTime),
  };
}

/**
 * The labels Pending, Approved and Rejected (docs/product.md#applications); other values are not
 * shown.
 */
export function applicationStatusKey(handleResult: number): TranslationKey | null {
  switch (handleResult) {
    case HandleResult.Pending:
      return 'applications.pending';
    case HandleResult.Approved:
      return 'applications.approved';
    case HandleResult.Rejected:
      return 'applications.rejected';
    default:
      return null;
  }
}
