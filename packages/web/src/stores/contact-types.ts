import type {
  BlackInfo,
  FriendApplication,
  FriendInfo,
  GroupApplication,
  GroupInfo,
  GroupMemberInfo,
} from '@im/protocol';

/**
 * The shapes of the contacts state (docs/product.md#client-state): the IM API's own (@im/protocol friend.ts,
 * group.ts).
 */
export type FriendItem = FriendInfo;

/** A joined group, keyed by groupID, with its groupName (docs/product.md#group-and-member). */
export type GroupItem = GroupInfo;

export type BlackItem = BlackInfo;

/** handleResult: 0 pending, 1 approved, -1 rejected (docs/product.md#numbers). */
export type FriendApplicationItem = FriendApplication;

export type GroupApplicationItem = GroupApplication;

export type GroupMemberItem = GroupMemberInfo;

/** A user card: the person's profile plus, when opened from a group, their membership. */
export interface UserCardData {
  baseInfo?: { userID: string; nickname: string; faceURL: string } & Record<string, unknown>;
  groupMemberInfo?: GroupMemberItem;
}
