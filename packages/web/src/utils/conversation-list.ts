import type { ConversationItem } from '@im/protocol';
import { CONVERSATION_PAGE_SIZE } from '@im/protocol';
import { compareConversations } from '@im/sdk';

/**
 * Conversations are unique by conversationID (docs/product.md#conversations); a changed or new one
 * replaces the old copy in place, and the list is sorted again (pinned first, then the later of draft
 * and last message).
 */
export function mergeConversations(list: ConversationItem[], items: ConversationItem[]): ConversationItem[] {
  if (items.length === 0) return list;
  const byID = new Map(list.map((item) => [item.conversationID, item]));
  for (const item of items) byID.set(item.conversationID, item);
  return [...byID.values()].sort(compareConversations);
}

export function removeConversation(list: ConversationItem[], conversationID: string): ConversationItem[] {
  return list.filter((item) => item.conversationID !== conversationID);
}

/** More pages exist while a full page came back (docs/product.md#conversations). */
export function hasMorePages(pageLength: number, pageSize = CONVERSATION_PAGE_SIZE): boolean {
  return pageLength >= pageSize;
}
