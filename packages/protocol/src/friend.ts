/**
 * Contacts (docs/product.md#data) as the IM API answers them: friends, friend applications and the
 * blacklist. Friendship is mutual: both users hold a row of it (each with their own remark), made
 * together when an application is accepted and deleted together.
 */

/** One friend of the owner, with the friend's current public profile. */
export interface FriendInfo {
  ownerUserID: string;
  /** The friend. */
  userID: string;
  nickname: string;
  faceURL: string;
  gender: number;
  /** The owner's name for the friend; '' when none (show the nickname). */
  remark: string;
  /** When the friendship began (ms). */
  createTime: number;
}

/**
 * An application from one user to another. One per (fromUserID, toUserID): a new application
 * replaces the earlier one, whatever its state.
 */
export interface FriendApplication {
  fromUserID: string;
  fromNickname: string;
  fromFaceURL: string;
  toUserID: string;
  toNickname: string;
  toFaceURL: string;
  /** The applicant's verification message. */
  reqMsg: string;
  /** The recipient's answer message ('' until handled). */
  handleMsg: string;
  /** 0 pending, 1 approved, -1 rejected (HandleResult). */
  handleResult: number;
  /** Who handled it ('' while pending). */
  handlerUserID: string;
  createTime: number;
  /** 0 while pending. */
  handleTime: number;
}

/** One user in the owner's blacklist, with their public profile. */
export interface BlackInfo {
  ownerUserID: string;
  /** The blocked user. */
  userID: string;
  nickname: string;
  faceURL: string;
  gender: number;
  createTime: number;
}

/** `notificationElem.detail` of the 1204 "friend added" notice stored in the two users' conversation. */
export interface FriendAddedDetail {
  /** The applicant. */
  fromUserID: string;
  /** The user who accepted. */
  toUserID: string;
  /** The user who accepted, as summaries name them. */
  opUser: { userID: string; nickname: string; faceURL: string };
  handleMsg: string;
}
