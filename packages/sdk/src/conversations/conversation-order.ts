import type { ConversationItem } from '@im/protocol';

/**
 * The time a conversation sorts by (docs/product.md#conversations): the later of its draft and its last
 * message.
 */
export function activityTime(item: ConversationItem): number {
  return Math.max(item.draftTextTime ?? 0, item.latestMsgSendTime ?? 0);
}

/**
 * The order of docs/product.md#conversations: pinned first, then the latest activity first; ties by id
 * so pages are stable.
 */
export function compareConversations(a: ConversationItem, b: ConversationItem): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  const byTime = activityTime(b) - activityTime(a);
  if (byTime !== 0) return byTime;
  return a.conversationID < b.conversationID ? -1 : a.conversationID > b.conversationID ? 1 : 0;
}

/** What the tab badge counts: unread of conversations that notify (receive option 0). */
export function totalUnread(items: ConversationItem[]): number {
  return items.reduce((sum, item) => sum + (item.recvMsgOpt === 0 ? item.unreadCount : 0), 0);
}
