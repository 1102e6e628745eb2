import type { MessageItem } from '@im/protocol';
import type { ImApi } from '../http-api/im-api-client.ts';
import type { LocalStore } from '../store/local-store.ts';

export interface HistoryParams {
  conversationID: string;
  /** Page below this message; empty for the newest page. */
  startClientMsgID?: string;
  /** Page below this seq when no start message is given (the previous answer's lastMinSeq). */
  lastMinSeq?: number;
  count?: number;
}

export interface HistoryPage {
  /** Ascending by seq. */
  messageList: MessageItem[];
  isEnd: boolean;
  /** The lowest seq of this page, to ask for the next one. */
  lastMinSeq: number;
}

export const DEFAULT_HISTORY_COUNT = 20;

/**
 * History pages: from the store when it holds the whole page without a hole (instant, offline),
 * otherwise from the server, whose answer is kept in the store for next time.
 */
export async function getHistoryPage(
  store: LocalStore,
  api: ImApi,
  knownSeq: number,
  params: HistoryParams,
): Promise<HistoryPage> {
  const { conversationID } = params;
  const count = params.count ?? DEFAULT_HISTORY_COUNT;
  const start = params.startClientMsgID ? await store.getMessage(params.startClientMsgID) : undefined;
  const item = await store.getConversation(conversationID);
  // The newest page starts above what the conversation says exists, even if this device lags behind.
  const below = start?.seq || params.lastMinSeq || Math.max(knownSeq, item?.maxSeq ?? 0) + 1;
  const floor = item?.minSeq ?? 0;

  const local = await store.getMessagesBefore(conversationID, below, count);
  if (holdsWholePage(local, below, count, floor)) {
    return {
      messageList: local,
      isEnd: (local[0]?.seq ?? below) <= floor + 1,
      lastMinSeq: local[0]?.seq ?? below,
    };
  }
  const { messages, isEnd } = await api.getHistory({
    conversationID,
    startClientMsgID: start ? start.clientMsgID : '',
    lastMinSeq: below,
    count,
  });
  const sorted = [...(messages ?? [])].sort((a, b) => a.seq - b.seq);
  await store.putMessages(sorted.filter((m) => m.seq > 0));
  return { messageList: sorted, isEnd, lastMinSeq: sorted[0]?.seq ?? below };
}

/** The local page is usable when its seqs run without a hole up to `below` and it is full or reaches the floor. */
function holdsWholePage(local: MessageItem[], below: number, count: number, floor: number): boolean {
  if (below <= floor + 1) return true;
  const contiguous = local.every((m, i) => m.seq === below - local.length + i);
  const bottom = below - local.length <= floor + 1;
  return contiguous && (local.length === count || bottom);
}
