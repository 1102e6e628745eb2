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
  replaceShown,
  shouldAppend,
  upsertMessages,
  visibleHistory,
} from './timeline-rules.ts';
import type { ChatScope } from './timeline-rules.ts';
import { cursorBelow, withOlderPage } from './newest-page-snapshot.ts';

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
  /**
   * Newer stored messages may exist past the last one shown: the timeline was opened around a seq
   * (loadAround) and has not paged up to the newest yet; loadNewer brings them.
   */
  readonly hasNewer: boolean;
}

/** What one change brought, beside the new snapshot. */
export interface TimelineChange {
  /** Messages from others added at the end (an open chat marks them read). */
  readonly incoming: readonly MessageItem[];
}

/** A timeline before its first page: what a screen shows until the sdk's snapshot arrives. */
export const EMPTY_TIMELINE: Readonly<TimelineSnapshot> = Object.freeze({
  messages: [],
  hasMore: true,
  loading: false,
  ready: false,
  prepended: 0,
  hasNewer: false,
});

export type TimelineListener = (snapshot: TimelineSnapshot, change: TimelineChange) => void;

/** What a timeline reads and hears; the messaging session provides it. */
export interface TimelineSource {
  selfID: string;
  history: (params: HistoryParams) => Promise<HistoryPage>;
  unsent: (conversationID: string) => Promise<MessageItem[]>;
  listen: (listener: (event: TimelineEvent) => void) => () => void;
  /** The chat's newest page when it is held in memory (timeline/newest-pages.ts). */
  keptNewestPage?: (conversationID: string) => HistoryPage | undefined;
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
  #snapshot: TimelineSnapshot = { ...EMPTY_TIMELINE, messages: [] };
  #listeners = new Set<TimelineListener>();
  #cursor: Pick<HistoryParams, 'lastMinSeq' | 'startClientMsgID'> = {};
  #busy: Promise<void> | null = null;
  /** The highest seq any page brought (loadNewer pages above it). */
  #top = 0;
  /** A page has been asked for (the newest one first). */
  #paged = false;
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
    // The newest page held in memory shows within this call: a screen that showed it before opening
    // the timeline (Messages.openingSnapshot) gets the same snapshot, not a second render.
    const kept = this.#paged ? undefined : this.#source.keptNewestPage?.(this.conversationID);
    this.#paged = true;
    if (kept) {
      this.#showOlder(kept);
      return Promise.resolve();
    }
    this.#set({ loading: true });
    this.#busy = this.#loadPage().finally(() => (this.#busy = null));
    return this.#busy;
  }

  /**
   * Instead of the newest page, the first load is a page around `seq` (a search result opened at
   * its message): about half a page after it, the rest before it. Older pages follow with loadOlder,
   * newer ones with loadNewer; until the newest is reached, new messages are not appended (they
   * would leave a hole), loadNewer brings them in order.
   */
  loadAround(seq: number): Promise<void> {
    if (this.#busy) return this.#busy;
    if (this.#closed) return Promise.resolve();
    const below = seq + Math.floor(this.#pageSize / 2) + 1;
    this.#cursor = { lastMinSeq: below };
    this.#paged = true;
    this.#set({ loading: true });
    // A page that reaches below - 1 may have more above it; one that stops short is the newest.
    this.#busy = this.#loadPage(() => ({ hasNewer: this.#top >= below - 1 })).finally(
      () => (this.#busy = null),
    );
    return this.#busy;
  }

  /** The next newer page after a loadAround; nothing when the newest is shown. Rejects when it failed. */
  loadNewer(): Promise<void> {
    if (this.#busy) return this.#busy;
    if (!this.#snapshot.hasNewer || this.#closed) return Promise.resolve();
    this.#set({ loading: true });
    this.#busy = this.#loadNewerPage().finally(() => (this.#busy = null));
    return this.#busy;
  }

  /** Stops listening; the snapshot stays as it was. */
  close(): void {
    this.#closed = true;
    this.#stop();
    this.#listeners.clear();
  }

  /** One older page; `extra` adds to the snapshot that shows it (loadAround's hasNewer). */
  async #loadPage(extra?: () => Partial<TimelineSnapshot>): Promise<void> {
    try {
      const page = await this.#source.history({
        conversationID: this.conversationID,
        ...this.#cursor,
        count: this.#pageSize,
      });
      this.#showOlder(page, extra);
    } catch (error) {
      this.#set({ hasMore: false, loading: false, ready: true });
      throw error;
    }
  }

  #showOlder(page: HistoryPage, extra?: () => Partial<TimelineSnapshot>): void {
    this.#noteTop(page.messageList);
    this.#cursor = cursorBelow(page);
    const next = withOlderPage(this.#snapshot, page);
    this.#set({ ...next, ...extra?.() });
  }

  /**
   * The page just above the newest seq shown: history answers the `count` messages below a seq, so
   * asking below top + count + 1 gives those above top (seqs are dense); fewer than asked means the
   * newest is reached.
   */
  async #loadNewerPage(): Promise<void> {
    const top = this.#top;
    try {
      const page = await this.#source.history({
        conversationID: this.conversationID,
        lastMinSeq: top + this.#pageSize + 1,
        count: this.#pageSize,
      });
      const newer = page.messageList.filter((m) => m.seq > top);
      this.#noteTop(newer);
      const messages = sorted(upsertMessages([...this.#snapshot.messages], visibleHistory(newer)));
      this.#set({ messages, hasNewer: newer.length >= this.#pageSize, loading: false });
    } catch (error) {
      this.#set({ loading: false });
      throw error;
    }
  }

  /** Keeps the highest seq paged in, hidden ones (silent change notices) included. */
  #noteTop(messages: readonly MessageItem[]): void {
    for (const m of messages) if (m.seq > this.#top) this.#top = m.seq;
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
    // Opened around an older seq: what is newer than the window comes by loadNewer, in order.
    const added = mine.filter(
      (m) => !this.#has(m) && shouldAppend(m, this.#scope) && !this.#snapshot.hasNewer,
    );
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
