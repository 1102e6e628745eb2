import type { MessageItem } from '@im/protocol';
import type { HistoryPage, HistoryParams } from '../messaging/history.ts';
import type { TimelineEvent } from './timeline-events.ts';

/** Chats whose newest page is kept: the top of the conversation list and the last ones opened. */
export const NEWEST_PAGES_KEPT = 8;

interface Kept {
  count: number;
  page: HistoryPage;
  /** Read with a preload; an open timeline reads its own (Timeline's constructor). */
  unsent?: MessageItem[];
}

export interface NewestPageReaders {
  history: (params: HistoryParams) => Promise<HistoryPage>;
  unsent: (conversationID: string) => Promise<MessageItem[]>;
}

/**
 * The newest history page and the unsent messages of a few chats, in memory, so that opening one
 * shows it without waiting for the store (docs/sdk.md#timeline). Whatever the timelines hear about
 * a chat drops its page (it is read again on the next open); a read that started before such a change
 * is not kept. The kept page is exactly what the store would answer at that moment.
 */
export class NewestPages {
  #readers: NewestPageReaders;
  #kept = new Map<string, Kept>();
  /** Bumped by every change of a chat: a read begun under an older one is stale. */
  #generation = new Map<string, number>();
  #allGeneration = 0;

  constructor(readers: NewestPageReaders) {
    this.#readers = readers;
  }

  /** The newest page of the chat: kept, or read (and kept). */
  async history(conversationID: string, count: number): Promise<HistoryPage> {
    const kept = this.#take(conversationID, count);
    if (kept) return kept.page;
    return (await this.#read(conversationID, count, false)).page;
  }

  /** The newest page of the chat when it is kept, now (no read). */
  peek(conversationID: string, count: number): HistoryPage | undefined {
    return this.#take(conversationID, count)?.page;
  }

  /** The chat's unsent messages: kept with a preloaded page, or read from the store. */
  unsent(conversationID: string): Promise<MessageItem[]> {
    const unsent = this.#kept.get(conversationID)?.unsent;
    return unsent ? Promise.resolve(unsent) : this.#readers.unsent(conversationID);
  }

  /** Reads and keeps the newest page of these chats, in order, skipping those already kept. */
  async preload(conversationIDs: readonly string[], count: number): Promise<void> {
    for (const conversationID of conversationIDs.slice(0, NEWEST_PAGES_KEPT)) {
      if (this.#kept.get(conversationID)?.count === count) continue;
      await this.#read(conversationID, count, true).catch(() => undefined); // a failed preload is only a miss
    }
  }

  /** Drops what a change to the store makes stale. */
  forget(event: TimelineEvent): void {
    if (event.type === 'self') {
      this.#allGeneration += 1;
      this.#kept.clear();
      return;
    }
    for (const conversationID of conversationsOf(event)) {
      this.#generation.set(conversationID, (this.#generation.get(conversationID) ?? 0) + 1);
      this.#kept.delete(conversationID);
    }
  }

  get size(): number {
    return this.#kept.size;
  }

  #take(conversationID: string, count: number): Kept | undefined {
    const kept = this.#kept.get(conversationID);
    if (!kept || kept.count !== count) return undefined;
    // Most recently used last: the first one is the one to drop.
    this.#kept.delete(conversationID);
    this.#kept.set(conversationID, kept);
    return kept;
  }

  async #read(conversationID: string, count: number, withUnsent: boolean): Promise<Kept> {
    const stamp = this.#stamp(conversationID);
    const [page, unsent] = await Promise.all([
      this.#readers.history({ conversationID, count }),
      withUnsent ? this.#readers.unsent(conversationID) : undefined,
    ]);
    const kept = { count, page, unsent };
    if (stamp === this.#stamp(conversationID)) {
      this.#kept.delete(conversationID);
      this.#kept.set(conversationID, kept);
      for (const oldest of this.#kept.keys()) {
        if (this.#kept.size <= NEWEST_PAGES_KEPT) break;
        this.#kept.delete(oldest);
      }
    }
    return kept;
  }

  #stamp(conversationID: string): string {
    return `${this.#allGeneration}:${this.#generation.get(conversationID) ?? 0}`;
  }
}

function conversationsOf(event: Exclude<TimelineEvent, { type: 'self' }>): string[] {
  switch (event.type) {
    case 'put':
    case 'changed':
      return [...new Set(event.messages.map((m) => m.conversationID))];
    case 'revoked':
      return [event.detail.conversationID];
    default:
      return [event.conversationID];
  }
}
