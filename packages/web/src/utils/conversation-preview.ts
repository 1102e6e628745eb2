import { GroupAtType, isNotification, SessionType } from '@im/protocol';
import type { ConversationItem } from '@im/protocol';
import type { TranslationKey } from '../i18n/keys';
import { summarizeMessage } from './message-summary';
import type { SummaryContext } from './message-summary';

export interface ConversationPreview {
  /** "[@me]" / "[@all]" while a group mention is unread, and "[Draft]" when the line shows the draft. */
  prefix: string;
  text: string;
}

/** The mark of a group conversation's unread @ (groupAtType 1 @me, 2 @all, 3 both: @me wins). */
const atMark: Record<number, TranslationKey> = {
  [GroupAtType.AtMe]: 'conversation.atMe',
  [GroupAtType.AtAll]: 'conversation.atAll',
  [GroupAtType.AtAllAtMe]: 'conversation.atMe',
};

/**
 * The second line of a conversation row: the @ mark (until read, the server clears groupAtType), then
 * the draft when there is one, else the last message; in a group, another member's message is
 * prefixed with their name.
 */
export function conversationPreview(item: ConversationItem, ctx: SummaryContext): ConversationPreview {
  const at = atMark[item.groupAtType] ? ctx.t(atMark[item.groupAtType]) : '';
  if (item.draftText) {
    const prefix = [at, ctx.t('conversation.draft')].filter(Boolean).join(' ');
    return { prefix, text: item.draftText };
  }
  const message = item.latestMsg;
  let text = summarizeMessage(message, ctx);
  if (
    message &&
    item.conversationType === SessionType.Group &&
    !isNotification(message.contentType) &&
    message.sendID !== ctx.selfID &&
    message.senderNickname
  )
    text = `${message.senderNickname}: ${text}`;
  return { prefix: at, text };
}
