import { MessageStatus, searchableText } from '@im/protocol';
import type { MessageItem } from '@im/protocol';

/** What the local store's search asks (docs/sdk.md#message-search). */
export interface LocalSearchQuery {
  /** Matched as a substring, case-insensitively; trimmed. */
  keyword: string;
  /** One conversation, or all when absent or empty. */
  conversationID?: string;
  /** Most results. */
  limit: number;
}

/**
 * A stored message (not unsent, not deleted on this device) whose written text contains the keyword.
 * A revoked message is its 2101 notice and a burned one is gone from the store, so neither matches;
 * notifications and change notices have no searchable text.
 */
export function matchesSearch(message: MessageItem, query: LocalSearchQuery): boolean {
  if (message.seq <= 0 || message.status === MessageStatus.Deleted) return false;
  if (query.conversationID && message.conversationID !== query.conversationID) return false;
  const keyword = query.keyword.trim().toLocaleLowerCase();
  return keyword.length > 0 && searchableText(message).toLocaleLowerCase().includes(keyword);
}

/** Newest first, as the server answers; ties by seq. */
export function newestFirst(a: MessageItem, b: MessageItem): number {
  return b.sendTime - a.sendTime || b.seq - a.seq;
}
