import { ErrCode } from '@im/protocol';
import type { GroupSendBlock } from '@im/protocol';
import type { TranslationKey } from '../i18n/keys';

/**
 * Why the composer cannot send (docs/product.md#composer). One-to-one reasons come from a refused
 * send's code or from checking the friendship; group reasons come from the rule the server shares,
 * groupSendBlock in @im/protocol.
 */
export type SendBlock = 'notFriend' | 'blacklisted' | GroupSendBlock;

/** A refused send's code as a reason (docs/api.md: 1301 not a friend; 1302, 1306 blacklist). */
export function sendBlockForCode(errCode: number): SendBlock | null {
  switch (errCode) {
    case ErrCode.NOT_FRIEND:
      return 'notFriend';
    case ErrCode.BLOCKED_BY_PEER:
    case ErrCode.IN_OWN_BLACKLIST:
      return 'blacklisted';
    default:
      return null;
  }
}

/** The reason from checkFriend's answer: one's own blacklist first, then friendship. */
export function sendBlockForRelation(relation: { isFriend: boolean; isBlack: boolean }): SendBlock | null {
  if (relation.isBlack) return 'blacklisted';
  if (!relation.isFriend) return 'notFriend';
  return null;
}

/** The composer placeholder of each reason. */
export const sendBlockPlaceholder: Record<SendBlock, TranslationKey> = {
  notFriend: 'chat.blocked.notFriend',
  blacklisted: 'chat.blocked.blacklisted',
  leftGroup: 'chat.blocked.leftGroup',
  allMuted: 'chat.blocked.allMuted',
  groupDismissed: 'chat.blocked.groupDismissed',
  groupBanned: 'chat.blocked.groupBanned',
  muted: 'chat.blocked.muted',
};
