import { ErrCode, SEARCH_KEYWORD_MAX, SEARCH_PAGE_MAX } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { ApiError } from '../api-error.ts';
import type { ImApi } from '../http-api/im-api-client.ts';
import type { LocalStore } from '../store/local-store.ts';

export interface SearchParams {
  /** A substring of the written text (2 Chinese characters find 你好世界); trimmed, 1–64 characters. */
  keyword: string;
  /** One conversation; all of the user's when absent. */
  conversationID?: string;
  /** Results to skip (server search only). */
  offset?: number;
  /** Most results: local default 100 (at most 500), server default 20 (at most 50). */
  count?: number;
}

export interface SearchPage {
  /** Newest first. */
  messages: MessageItem[];
  /** More results lie past this page (server search only; local answers all up to `count`). */
  hasMore: boolean;
}

const LOCAL_DEFAULT = 100;
const LOCAL_MAX = 500;

function keywordOf(params: SearchParams): string {
  const keyword = params.keyword.trim();
  if (!keyword || [...keyword].length > SEARCH_KEYWORD_MAX)
    throw new ApiError(ErrCode.ARGS, `keyword: 1 to ${SEARCH_KEYWORD_MAX} characters`);
  return keyword;
}

/**
 * Message search (docs/sdk.md#message-search): the device's store first (instant, offline), then the
 * server's index for history the device has not synced. Both answer newest first and never a revoked,
 * burned or deleted message, a notification or a change notice.
 */
export class MessageSearch {
  readonly #store: LocalStore;
  readonly #api: ImApi;

  constructor(store: LocalStore, api: ImApi) {
    this.#store = store;
    this.#api = api;
  }

  async local(params: SearchParams): Promise<MessageItem[]> {
    const keyword = keywordOf(params);
    const limit = Math.min(Math.max(1, params.count ?? LOCAL_DEFAULT), LOCAL_MAX);
    return this.#store.searchMessages({ keyword, conversationID: params.conversationID, limit });
  }

  async server(params: SearchParams): Promise<SearchPage> {
    const keyword = keywordOf(params);
    const answer = await this.#api.searchMessages({
      keyword,
      conversationID: params.conversationID ?? '',
      offset: params.offset ?? 0,
      count: Math.min(Math.max(1, params.count ?? 20), SEARCH_PAGE_MAX),
    });
    return { messages: answer.messages ?? [], hasMore: Boolean(answer.hasMore) };
  }
}
