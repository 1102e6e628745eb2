/** A user as notification details name them (docs/product.md#message). */
export interface NoticeUser {
  userID: string;
  nickname?: string;
  groupNickname?: string;
}

/** The fields of `notificationElem.detail` (JSON) the summaries read (docs/product.md#message). */
export interface NotificationDetail {
  opUser?: NoticeUser;
  newGroupOwner?: NoticeUser;
  quitUser?: NoticeUser;
  entrantUser?: NoticeUser;
  mutedUser?: NoticeUser;
  changedUser?: NoticeUser;
  invitedUserList?: NoticeUser[];
  kickedUserList?: NoticeUser[];
  mutedSeconds?: number;
  muteTime?: number;
  group?: { groupName?: string };
  isPrivate?: boolean;
  /** Burn-after-reading seconds of a 1701 notice (BurnSettingDetail). */
  burnDuration?: number;
  text?: string;
  revokerID?: string;
  revokerNickname?: string;
  sourceMessageSendID?: string;
  sourceMessageSenderNickname?: string;
}

/** The parsed detail; an empty object when it is missing or not JSON. */
export function parseNotificationDetail(detail: string | undefined): NotificationDetail {
  if (!detail) return {};
  try {
    const value: unknown = JSON.parse(detail);
    return typeof value === 'object' && value !== null ? (value as NotificationDetail) : {};
  } catch {
    return {};
  }
}
