import type { BlackInfo, FriendApplication, FriendInfo } from '@im/protocol';

/**
 * The shapes of the contacts state (spec §3). Friends, the blacklist and friend applications are the
 * IM API's own (@im/protocol friend.ts); the group shapes are the least the screens rely on until the
 * groups issue brings theirs (structural typing keeps them compatible).
 */
export type FriendItem = FriendInfo;

export interface GroupItem {
  groupID: string;
  groupName: string;
  faceURL?: string;
}

export type BlackItem = BlackInfo;

/** handleResult: 0 pending, 1 approved, -1 rejected (DESIGN §7). */
export type FriendApplicationItem = FriendApplication;

export interface GroupApplicationItem {
  userID: string;
  groupID: string;
  createTime: number;
  handleResult: number;
  reqMsg?: string;
}

export interface GroupMemberItem {
  groupID: string;
  userID: string;
  nickname: string;
  faceURL: string;
}

/** A user card: the person's profile plus, when opened from a group, their membership. */
export interface UserCardData {
  baseInfo?: { userID: string; nickname: string; faceURL: string } & Record<string, unknown>;
  groupMemberInfo?: GroupMemberItem;
}
