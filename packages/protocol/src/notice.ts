import type { BlackInfo, FriendApplication, FriendInfo } from './friend.ts';
import type { GroupApplication, GroupInfo, GroupMemberInfo } from './group.ts';
import type { UserInfo } from './user.ts';

/**
 * Events of the gateway's Notice push (WsPush.Notice, `{ event, data }`): changes made elsewhere
 * (another device of the user, the peer) that the sdk re-emits as events of the same name. Every
 * change goes to every socket of the users concerned, the device that made it included.
 *
 * | event | data | to |
 * | --- | --- | --- |
 * | selfInfoUpdated | `UserInfo` | the user |
 * | friendApplicationAdded | `FriendApplication` (pending) | the applicant and the recipient |
 * | friendApplicationAccepted | `FriendApplication` (handleResult 1) | both |
 * | friendApplicationRejected | `FriendApplication` (handleResult -1) | both |
 * | friendAdded | `FriendInfo` of the receiving user's new friend | each of the two users, their own view |
 * | friendDeleted | `FriendInfo` as it was, of the receiving user | each of the two users |
 * | friendInfoChanged | `FriendInfo` (remark changed) | the owner |
 * | blackAdded / blackDeleted | `BlackInfo` | the owner only (the blocked user is not told) |
 * | joinedGroupAdded | `GroupInfo` | the user who joined (created, invited, accepted, joined directly) |
 * | joinedGroupDeleted | `GroupInfo` | the user who left (quit, kicked), and every member when it is dismissed |
 * | groupInfoChanged | `GroupInfo` | every member (name, face, announcement, settings, owner, member count, mute all: status 3, dismissed: status 2) |
 * | groupMemberAdded | `GroupMemberInfo` | every member, the new one included |
 * | groupMemberDeleted | `GroupMemberInfo` as it was | every member, the one who left included |
 * | groupMemberInfoChanged | `GroupMemberInfo` | every member (role, mute, group nickname) |
 * | groupApplicationAdded | `GroupApplication` (pending) | the applicant and the group's owner and admins |
 * | groupApplicationAccepted / Rejected | `GroupApplication` (handled) | the applicant and the group's owner and admins |
 */
export interface NoticeEvents {
  selfInfoUpdated: UserInfo;
  friendApplicationAdded: FriendApplication;
  friendApplicationAccepted: FriendApplication;
  friendApplicationRejected: FriendApplication;
  friendAdded: FriendInfo;
  friendDeleted: FriendInfo;
  friendInfoChanged: FriendInfo;
  blackAdded: BlackInfo;
  blackDeleted: BlackInfo;
  joinedGroupAdded: GroupInfo;
  joinedGroupDeleted: GroupInfo;
  groupInfoChanged: GroupInfo;
  groupMemberAdded: GroupMemberInfo;
  groupMemberDeleted: GroupMemberInfo;
  groupMemberInfoChanged: GroupMemberInfo;
  groupApplicationAdded: GroupApplication;
  groupApplicationAccepted: GroupApplication;
  groupApplicationRejected: GroupApplication;
}

export type NoticeEventName = keyof NoticeEvents;

/** The data of a Notice push. */
export interface NoticeFrame<K extends NoticeEventName = NoticeEventName> {
  event: K;
  data: NoticeEvents[K];
}

/** Every Notice event name, so receivers can tell a known event from a newer one they ignore. */
export const NOTICE_EVENTS: readonly NoticeEventName[] = [
  'selfInfoUpdated',
  'friendApplicationAdded',
  'friendApplicationAccepted',
  'friendApplicationRejected',
  'friendAdded',
  'friendDeleted',
  'friendInfoChanged',
  'blackAdded',
  'blackDeleted',
  'joinedGroupAdded',
  'joinedGroupDeleted',
  'groupInfoChanged',
  'groupMemberAdded',
  'groupMemberDeleted',
  'groupMemberInfoChanged',
  'groupApplicationAdded',
  'groupApplicationAccepted',
  'groupApplicationRejected',
];

export function isNoticeEvent(value: unknown): value is NoticeEventName {
  return typeof value === 'string' && (NOTICE_EVENTS as readonly string[]).includes(value);
}
