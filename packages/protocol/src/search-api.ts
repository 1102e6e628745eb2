/**
 * Message search on the server (docs/api.md#message-search): the old history a device has not synced
 * yet. POST /api/msg/search_messages with `{ keyword, conversationID?, offset, count }` answers
 * `{ messages: MessageItem[], hasMore }`, newest first. Only text that a person wrote is found (text,
 * @-text and a quote's own text), only in the caller's conversations and within the range they may
 * see (after their join or clear, up to their leave). Revoked, burned, notifications and change
 * notices are never found.
 */
import { ContentType } from './content-types.ts';
import type { MessageItem } from './message.ts';

export const SearchPath = {
  searchMessages: '/msg/search_messages',
} as const;

/** Longest keyword, in characters. */
export const SEARCH_KEYWORD_MAX = 64;
/** Most results per page. */
export const SEARCH_PAGE_MAX = 50;
/** How deep paging goes (offset plus count). */
export const SEARCH_OFFSET_MAX = 1000;

export interface SearchMessagesResp {
  /** Newest first. */
  messages: MessageItem[];
  /** More results lie past this page. */
  hasMore: boolean;
}

/** The searchable text of a message: what a person wrote (text, @-text, a quote's own text), else ''. */
export function searchableText(message: Pick<MessageItem, 'contentType'> & Partial<MessageItem>): string {
  switch (message.contentType) {
    case ContentType.Text:
      return message.textElem?.content ?? '';
    case ContentType.AtText:
      return message.atTextElem?.text ?? '';
    case ContentType.Quote:
      return message.quoteElem?.text ?? '';
    default:
      return '';
  }
}
