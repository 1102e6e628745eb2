/** The zod schema of message search (docs/api.md#message-search); its values are in search-api.ts. */
import { z } from 'zod';
import { SEARCH_KEYWORD_MAX, SEARCH_OFFSET_MAX, SEARCH_PAGE_MAX } from './search-api.ts';

export const searchMessagesSchema = z.object({
  // Trimmed first: a keyword of spaces only is no keyword.
  keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
  /** Only this conversation; all of the caller's when absent or empty. */
  conversationID: z.string().max(128).default(''),
  offset: z.number().int().min(0).max(SEARCH_OFFSET_MAX).default(0),
  count: z.number().int().min(1).max(SEARCH_PAGE_MAX).default(20),
});

export type SearchMessagesReq = z.input<typeof searchMessagesSchema>;
