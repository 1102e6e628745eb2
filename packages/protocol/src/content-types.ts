/** Numbers shared with OpenIM clients (docs/product.md#numbers). */
export const ContentType = {
  Text: 101,
  Picture: 102,
  Voice: 103,
  Video: 104,
  File: 105,
  AtText: 106,
  Merge: 107,
  Card: 108,
  Location: 109,
  Custom: 110,
  Typing: 113,
  Quote: 114,
  Face: 115,
  // notifications
  FriendApplicationApproved: 1201,
  FriendAdded: 1204,
  OfficialNotice: 1400,
  GroupCreated: 1501,
  GroupInfoUpdated: 1502,
  MemberQuit: 1504,
  GroupOwnerTransferred: 1507,
  MemberKicked: 1508,
  MemberInvited: 1509,
  MemberEnter: 1510,
  GroupDismissed: 1511,
  GroupMemberMuted: 1512,
  GroupMemberCancelMuted: 1513,
  GroupMuted: 1514,
  GroupCancelMuted: 1515,
  GroupMemberInfoSet: 1516,
  GroupMemberSetToAdmin: 1517,
  GroupMemberSetToOrdinary: 1518,
  GroupAnnouncementUpdated: 1519,
  GroupNameUpdated: 1520,
  BurnAfterReadingChanged: 1701,
  Revoke: 2101,
  HasReadReceipt: 2150,
  // changes to sent messages beyond OpenIM's numbers (docs/api.md#message-changes)
  MessageEdited: 2160,
  ReactionChanged: 2161,
  MessagesBurned: 2162,
} as const;
export type ContentTypeValue = (typeof ContentType)[keyof typeof ContentType];

/** Notification content types are 1200 and above. */
export function isNotification(contentType: number): boolean {
  return contentType >= 1200;
}

export const SessionType = { Single: 1, Group: 3, Notification: 4 } as const;
export type SessionTypeValue = (typeof SessionType)[keyof typeof SessionType];

/** Call signalling custom types (docs/product.md#call-flow). */
export const CallSignal = { Invite: 200, Accept: 201, Reject: 202, Cancel: 203, Hungup: 204 } as const;

export function isCallSignal(customType: number): boolean {
  return customType >= CallSignal.Invite && customType <= CallSignal.Hungup;
}

export const RoleLevel = { Owner: 100, Admin: 60, Member: 20 } as const;

export const HandleResult = { Pending: 0, Approved: 1, Rejected: -1 } as const;

/** Group verification (docs/product.md#numbers). */
export const GroupVerification = {
  ApplyNeedInviteNot: 0,
  AllNeed: 1,
  Direct: 2,
} as const;

export const RecvMsgOpt = { Normal: 0, NotReceive: 1, NotNotify: 2 } as const;

export const GroupStatus = { Normal: 0, Banned: 1, Dismissed: 2, Muted: 3 } as const;

/** Delivery state of a message on the client. */
export const MessageStatus = { Sending: 1, Succeeded: 2, Failed: 3, Deleted: 4 } as const;
