import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SEARCH_KEYWORD_MAX } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { im } from '../../sdk/im';

/** Typing pauses this long before a search starts. */
const DEBOUNCE_MS = 250;
const PAGE = 20;

export interface MessageSearchState {
  /** The keyword the results are for (trimmed). */
  keyword: string;
  /** Newest first: the device's hits, then the server's older ones, each message once. */
  results: MessageItem[];
  /** A search (the device's or the first server page) is under way. */
  loading: boolean;
  /** A later server page is under way. */
  loadingMore: boolean;
  /** Nothing could be searched (the device's search failed). */
  failed: boolean;
  /** The server's half failed: the device's hits show, older history may be missing. */
  serverFailed: boolean;
  hasMore: boolean;
}

const IDLE: MessageSearchState = {
  keyword: '',
  results: [],
  loading: false,
  loadingMore: false,
  failed: false,
  serverFailed: false,
  hasMore: false,
};

/** Merges hits by clientMsgID (the server's copy wins: it is the current state), newest first. */
function merged(...lists: MessageItem[][]): MessageItem[] {
  const byID = new Map<string, MessageItem>();
  for (const list of lists) for (const m of list) byID.set(m.clientMsgID, m);
  return [...byID.values()].sort((a, b) => b.sendTime - a.sendTime || b.seq - a.seq);
}

/**
 * Message search as the user types (docs/product.md#search): the device's store first (instant,
 * offline), then the server's index for history the device never synced, paged on demand. An
 * answer for an older keyword is dropped.
 */
export function useMessageSearch(input: string, conversationID?: string) {
  const keyword = [...input.trim()].slice(0, SEARCH_KEYWORD_MAX).join('');
  const [state, setState] = useState<MessageSearchState>(IDLE);
  const generation = useRef(0);
  const local = useRef<MessageItem[]>([]);
  const remote = useRef<MessageItem[]>([]);

  const serverPage = useCallback(
    async (run: number, word: string, offset: number) => {
      try {
        const page = await im.messages.searchMessages({ keyword: word, conversationID, offset, count: PAGE });
        if (run !== generation.current) return;
        remote.current = [...remote.current, ...page.messages];
        setState((s) => ({
          ...s,
          results: merged(local.current, remote.current),
          loading: false,
          loadingMore: false,
          serverFailed: false,
          hasMore: page.hasMore,
        }));
      } catch (error) {
        if (run !== generation.current) return;
        console.warn('server message search failed', error);
        setState((s) => ({ ...s, loading: false, loadingMore: false, serverFailed: true, hasMore: false }));
      }
    },
    [conversationID],
  );

  const search = useCallback(
    async (word: string) => {
      const run = ++generation.current;
      local.current = [];
      remote.current = [];
      setState({ ...IDLE, keyword: word, loading: true });
      try {
        local.current = await im.messages.searchLocalMessages({ keyword: word, conversationID });
      } catch (error) {
        if (run !== generation.current) return;
        console.warn('local message search failed', error);
        setState({ ...IDLE, keyword: word, failed: true });
        return;
      }
      if (run !== generation.current) return;
      setState((s) => ({ ...s, results: merged(local.current) }));
      await serverPage(run, word, 0);
    },
    [conversationID, serverPage],
  );

  useEffect(() => {
    // An emptied box drops any answer still on its way.
    if (!keyword) {
      generation.current += 1;
      return undefined;
    }
    const timer = setTimeout(() => void search(keyword), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, search]);

  const loadMore = useCallback(async () => {
    if (!state.hasMore || state.loadingMore || state.loading) return;
    setState((s) => ({ ...s, loadingMore: true }));
    await serverPage(generation.current, state.keyword, remote.current.length);
  }, [serverPage, state.hasMore, state.loadingMore, state.loading, state.keyword]);

  const retry = useCallback(() => void search(keyword), [search, keyword]);

  // What was found for an earlier keyword is not shown for this one: until its search starts (the
  // typing pause), it is loading.
  return useMemo(() => {
    const current = !keyword ? IDLE : state.keyword === keyword ? state : { ...IDLE, keyword, loading: true };
    return { ...current, typed: keyword, loadMore, retry };
  }, [state, keyword, loadMore, retry]);
}
