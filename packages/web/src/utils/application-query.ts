import { HandleResult } from '@im/protocol';
import type { FriendApplication } from '@im/protocol';
import type { TranslationKey } from '../i18n/keys';

/**
 * The `type` of /applicationDetails and /applicationList (spec §2: "type as number"), as OpenIM
 * clients number them: received and sent friend applications, received and sent group applications.
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

/** `/applicationDetails?application=<JSON>&type=<n>`. */
export function applicationDetailsPath(application: object, type: ApplicationTypeValue): string {
  return `/applicationDetails?application=${encodeURIComponent(JSON.stringify(application))}&type=${type}`;
}

/** A friend application from the query: null unless it is JSON naming both users. */
export function parseFriendApplication(raw: string | null): FriendApplication | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<FriendApplication>;
  if (typeof v.fromUserID !== 'string' || !v.fromUserID) return null;
  if (typeof v.toUserID !== 'string' || !v.toUserID) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return {
    fromUserID: v.fromUserID,
    fromNickname: text(v.fromNickname),
    fromFaceURL: text(v.fromFaceURL),
    toUserID: v.toUserID,
    toNickname: text(v.toNickname),
    toFaceURL: text(v.toFaceURL),
    reqMsg: text(v.reqMsg),
    handleMsg: text(v.handleMsg),
    handleResult: num(v.handleResult),
    handlerUserID: text(v.handlerUserID),
    createTime: num(v.createTime),
    handleTime: num(v.handleTime),
  };
}

/** Spec §4: the labels Pending, Approved and Rejected; other values are not shown. */
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
