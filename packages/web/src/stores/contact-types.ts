/**
 * The least the contact screens rely on (spec §3). The friend and group issues bring the full
 * shapes in @im/protocol; these stay compatible with them (structural typing).
 */
export interface FriendItem {
  userID: string;
  nickname: string;
  faceURL: string;
  remark?: string;
}

export interface GroupItem {
  groupID: string;
  groupName: string;
  faceURL?: string;
}

export interface BlackItem {
  userID: string;
  nickname: string;
  faceURL: string;
}

/** handleResult: 0 pending, 1 approved, -1 rejected (DESIGN §7). */
export interface FriendApplicationItem {
  fromUserID: string;
  toUserID: string;
  createTime: number;
  handleResult: number;
  reqMsg?: string;
}

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
