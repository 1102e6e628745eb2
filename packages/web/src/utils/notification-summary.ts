import { ContentType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { TranslationKey, Translate } from '../i18n/keys';
import { parseNotificationDetail } from './notification-detail';
import type { NoticeUser } from './notification-detail';
import { formatDuration } from './time-format';

export interface SummaryContext {
  /** The logged-in user: named 'You' in summaries (docs/product.md#roles-and-permissions). */
  selfID: string;
  t: Translate;
}

/**
 * Member lists show at most 3 names, then a count of the others
 * (docs/product.md#limits-and-constants).
 */
const MAX_NAMES = 3;

/** Notifications whose text names only the operator. */
const byOperator: Record<number, TranslationKey> = {
  [ContentType.GroupCreated]: 'summary.groupCreated',
  [ContentType.GroupInfoUpdated]: 'summary.groupInfoUpdated',
  [ContentType.GroupDismissed]: 'summary.groupDismissed',
  [ContentType.GroupMuted]: 'summary.groupMuted',
  [ContentType.GroupCancelMuted]: 'summary.groupCancelMuted',
  [ContentType.GroupAnnouncementUpdated]: 'summary.announcementUpdated',
};

/** Notifications whose text names the operator and one other member (`target`). */
const withTarget: Record<number, [TranslationKey, 'newGroupOwner' | 'mutedUser' | 'changedUser']> = {
  [ContentType.GroupOwnerTransferred]: ['summary.ownerTransferred', 'newGroupOwner'],
  [ContentType.GroupMemberCancelMuted]: ['summary.memberCancelMuted', 'mutedUser'],
  [ContentType.GroupMemberInfoSet]: ['summary.memberInfoSet', 'changedUser'],
  [ContentType.GroupMemberSetToAdmin]: ['summary.setAdmin', 'changedUser'],
  [ContentType.GroupMemberSetToOrdinary]: ['summary.setOrdinary', 'changedUser'],
};

/** The one-line text of a notification message (content type 1200 and above). */
export function summarizeNotification(message: MessageItem, { selfID, t }: SummaryContext): string {
  const detail = parseNotificationDetail(message.notificationElem?.detail);
  // The current user is "You" leading a sentence, "you" elsewhere (the same word in Chinese).
  const name = (user: NoticeUser | undefined, fallbackID = '', fallbackName = '') => {
    const userID = user?.userID ?? fallbackID;
    if (userID && userID === selfID) return t('summary.you');
    return user?.groupNickname || user?.nickname || fallbackName || userID || t('summary.someone');
  };
  const object = (user: NoticeUser | undefined) =>
    user?.userID && user.userID === selfID ? t('summary.youObject') : name(user);
  const members = (list: NoticeUser[] | undefined) => {
    const names = (list ?? []).map((user) => object(user));
    const shown = names.slice(0, MAX_NAMES).join(t('summary.listSeparator'));
    if (names.length <= MAX_NAMES) return shown;
    return t('summary.members', { names: shown, count: names.length - MAX_NAMES });
  };
  const op = name(detail.opUser);
  const type = message.contentType;

  if (byOperator[type]) return t(byOperator[type], { name: op });
  if (withTarget[type]) {
    const [key, field] = withTarget[type];
    return t(key, { name: op, target: object(detail[field]) });
  }
  switch (type) {
    case ContentType.Revoke: {
      const revoker = detail.revokerID ?? message.sendID;
      const author = detail.sourceMessageSendID;
      // An owner or admin recalled someone else's message: the notice names its author too.
      if (author && author !== revoker) {
        const by = name({ userID: revoker, nickname: detail.revokerNickname });
        if (author === selfID) return t('summary.revokeOfYours', { name: by });
        return t('summary.revokeOfOther', {
          name: by,
          target: name({ userID: author, nickname: detail.sourceMessageSenderNickname }),
        });
      }
      return revoker === selfID
        ? t('summary.revokeSelf')
        : t('summary.revokeOther', { name: detail.revokerNickname || revoker || t('summary.someone') });
    }
    case ContentType.FriendAdded:
      return t('summary.friendAdded');
    case ContentType.FriendApplicationApproved:
      return t('summary.friendApplicationApproved', {
        name: name(detail.opUser, message.sendID, message.senderNickname),
      });
    case ContentType.OfficialNotice:
      return t('summary.officialNotice', { text: detail.text ?? '' });
    case ContentType.MemberQuit:
      return t('summary.memberQuit', { name: name(detail.quitUser) });
    case ContentType.MemberEnter:
      return t('summary.memberEnter', { name: name(detail.entrantUser) });
    case ContentType.MemberKicked:
      return t('summary.memberKicked', { name: op, members: members(detail.kickedUserList) });
    case ContentType.MemberInvited:
      return t('summary.memberInvited', { name: op, members: members(detail.invitedUserList) });
    case ContentType.GroupMemberMuted:
      return t('summary.memberMuted', {
        name: op,
        target: object(detail.mutedUser),
        duration: formatDuration(detail.mutedSeconds ?? detail.muteTime ?? 0, t),
      });
    case ContentType.GroupNameUpdated:
      return t('summary.nameUpdated', { name: op, groupName: detail.group?.groupName ?? '' });
    case ContentType.BurnAfterReadingChanged:
      return t(detail.isPrivate ? 'summary.burnOn' : 'summary.burnOff', {
        name: name(detail.opUser, message.sendID, message.senderNickname),
      });
    case ContentType.HasReadReceipt:
      return t('summary.readReceipt');
    default:
      return t('summary.unsupported');
  }
}
