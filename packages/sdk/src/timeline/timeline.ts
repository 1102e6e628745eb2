import type { MessageItem } from '@im/protocol';
import type { HistoryPage, HistoryParams } from '../messaging/history.ts';
import type { TimelineEvent } from './timeline-events.ts';
import {
  applyRevoked,
  applySelfInfo,
  belongsToChat,
  chatScopeOf,
  compareTimeline,
  dropClearedMessages,
  isHiddenMessage,
  prependMessages,
  replaceShown,
  shouldAppend,
  upsertMessages,
  visibleHistory,
} from './timeline-rules.ts';
import type { ChatScope } from './timeline-rules.ts';

/** What a timeline shows now; a new object after every change (fit for useSyncExternalStore). */
export interface TimelineSnapshot {
  /** Oldest first: stored messages by seq, then the unsent ones (Sending, Failed) as written. */
  readonly messages: readonly MessageItem[];
  /** Older history may exist; false after the last page or a failed one. */
  readonly hasMore: boolean;
  /** A page is loading. */
  readonly loading: boolean;
  /** The newest page has come (or failed): a view may open at the bottom. */
  readonly ready: boolean;
  /** How many messages older pages have put before the first one shown (a virtual list's offset). */
  readonly prepended: number;
}

/** What one change brought, beside the new snapshot. */
export interface TimelineChange {
  /** Messages from others added at the end (an open chat marks them read). */
  readonly incoming: readonly MessageItem[];
}

export type TimelineListener = (snapshot: TimelineSnapshot, change: TimelineChange) => void;

/** What a timeline reads and hears; the messaging session provides it. */
export interface TimelineSource {
  selfID: string;
  history: (params: HistoryParams) => Promise<HistoryPage>;
  unsent: (conversationID: string) => Promise<MessageItem[]>;
  listen: (listener: (event: TimelineEvent) => void) => () => void;
}

export const DEFAULT_TIMELINE_PAGE = 20;

const NO_CHANGE: TimelineChange = { incoming: [] };

/**
 * The sdk's view of one conversation: a window over its stored messages (paged older on demand,
 * newest page first) and its unsent ones, which come from the store on open so that a Sending or
 * Failed message outlives the screen and the page. The session's changes (new messages, own sends,
 * revokes, local deletes, cleared history, own info) reach it once, as TimelineEvents; the rules of
 * docs/product.md#incoming-messages decide what it shows. `loadOlder()` brings the newest page first.
 */
export class Timeline {
  readonly conversationID: string;
  #scope: ChatScope;
  #source: TimelineSource;
  #pageSize: number;
  #snapshot: TimelineSnapshot = { messages: [], hasMore: true, loading: false, ready: false, prepended: 0 };
  #listeners = new Set<TimelineListener>();
  #cursor: Pick<HistoryParams, 'lastMinSeq' | 'startClientMsgID'> = {};
  #busy: Promise<void> | null = null;
  #stop: () => void;
  #closed = false;

  constructor(conversationID: string, source: TimelineSource, pageSize = DEFAULT_TIMELINE_PAGE) {
    this.conversationID = conversationID;
    this.#scope = chatScopeOf(conversationID, source.selfID);
    this.#source = source;
    this.#pageSize = pageSize;
    this.#stop = source.listen((event) => this.#apply(event));
    // Unsent messages are not part of any history page: they are read once, on open.
    source.unsent(conversationID).then(
      (unsent) =>
        this.#merge((list) =>
          upsertMessages(
            list,
            unsent.filter((m) => !this.#has(m)),
          ),
        ),
      (error: unknown) => console.warn('unsent messages not read', error),
    );
  }

  get snapshot(): TimelineSnapshot {
    return this.#snapshot;
  }

  get messages(): readonly MessageItem[] {
    return this.#snapshot.messages;
  }

  get hasMore(): boolean {
    return this.#snapshot.hasMore;
  }

  /** Hears every change; answers the function that stops it. */
  subscribe(listener: TimelineListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The next older page (the first call: the newest page). Rejects when the page failed; paging then
   * ends (hasMore false). Concurrent calls share one load; a call with nothing more does nothing.
   */
  loadOlder(): Promise<void> {
    if (this.#busy) return this.#busy;
    if (!this.#snapshot.hasMore || this.#closed) return Promise.resolve();
    this.#set({ loading: true });
    this.#busy = this.#loadPage().finally(() => (this.#busy = null));
    return this.#busy;
  }

  /** Stops listening; the snapshot stays as it was. */
  close(): void {
    this.#closed = true;
    this.#stop();
    this.#listeners.clear();
  }

  async #loadPage(): Promise<void> {
    try {
      const page = await this.#source.history({
        conversationID: this.conversationID,
        ...this.#cursor,
        count: this.#pageSize,
      });
      const oldest = page.messageList.find((m) => m.seq > 0);
      this.#cursor = { lastMinSeq: page.lastMinSeq, startClientMsgID: oldest?.clientMsgID };
      const hasMore = !page.isEnd && page.messageList.length > 0;
      const older = visibleHistory(page.messageList);
      const before = this.#snapshot.messages;
      const messages = sorted(prependMessages([...before], older));
      this.#set({
        messages,
        prepended: this.#snapshot.prepended + (messages.length - before.length),
        hasMore,
        loading: false,
        ready: true,
      });
    } catch (error) {
      this.#set({ hasMore: false, loading: false, ready: true });
      throw error;
    }
  }

  #apply(event: TimelineEvent): void {
    if (this.#closed) return;
    switch (event.type) {
      case 'put':
        return this.#put(event.messages);
      case 'removed':
        if (event.conversationID !== this.conversationID) return;
        return this.#merge((list) => list.filter((m) => m.clientMsgID !== event.clientMsgID));
      case 'revoked':
        if (event.detail.conversationID !== this.conversationID) return;
        return this.#merge((list) => applyRevoked(list, event.detail));
      case 'changed':
        return this.#merge((list) => replaceShown(list, event.messages));
      case 'cleared':
        if (event.conversationID !== this.conversationID) return;
        return this.#merge((list) => dropClearedMessages(list, event.minSeq));
      case 'deleted':
        if (event.conversationID !== this.conversationID) return;
        return this.#merge(() => []);
      case 'self':
        return this.#merge((list) => applySelfInfo(list, event.self));
    }
  }

  /** Messages written to the store: new ones of this chat are added, shown ones replaced or hidden. */
  #put(messages: MessageItem[]): void {
    const mine = messages.filter((m) => belongsToChat(m, this.#scope));
    if (mine.length === 0) return;
    const gone = new Set(mine.filter((m) => this.#has(m) && isHiddenMessage(m)).map((m) => m.clientMsgID));
    const shown = mine.filter((m) => this.#has(m) && !isHiddenMessage(m));
    const added = mine.filter((m) => !this.#has(m) && shouldAppend(m, this.#scope));
    const incoming = added.filter((m) => m.sendID !== this.#scope.selfID);
    this.#merge(
      (list) =>
        upsertMessages(gone.size ? list.filter((m) => !gone.has(m.clientMsgID)) : list, [...shown, ...added]),
      { incoming },
    );
  }

  #has(message: MessageItem): boolean {
    return this.#snapshot.messages.some((m) => m.clientMsgID === message.clientMsgID);
  }

  #merge(change: (list: MessageItem[]) => MessageItem[], what: TimelineChange = NO_CHANGE): void {
    const before = this.#snapshot.messages as MessageItem[];
    const after = change(before);
    if (after === before) return;
    this.#set({ messages: sorted(after) }, what);
  }

  #set(patch: Partial<TimelineSnapshot>, change: TimelineChange = NO_CHANGE): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of [...this.#listeners]) {
      try {
        listener(this.#snapshot, change);
      } catch (error) {
        console.error('timeline subscriber failed', error);
      }
    }
  }
}

function sorted(list: MessageItem[]): MessageItem[] {
  return [...list].sort(compareTimeline);
}
