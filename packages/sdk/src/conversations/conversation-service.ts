import { groupConversationID } from '@im/protocol';
import type {
  ConversationItem,
  ConversationListResp,
  MessageItem,
  SetBurnAfterReadingReq,
  SetConversationReq,
} from '@im/protocol';
import type { ImApi } from '../http-api/im-api-client.ts';
import { StoreMeta } from '../store/local-store.ts';
import type { LocalStore } from '../store/local-store.ts';
import { applyMessage, conversationFromMessage } from './apply-message.ts';
import { compareConversations, totalUnread } from './conversation-order.ts';
import { RowFreshness } from './row-freshness.ts';

export interface ConversationEvents {
  conversationChanged: (items: ConversationItem[]) => void;
  newConversation: (items: ConversationItem[]) => void;
  totalUnreadChanged: (total: number) => void;
  /** The conversation and its messages are gone from this device. */
  deleted?: (conversationID: string) => void;
}

/** Page size used when the whole list is fetched during a sync. */
const REFRESH_PAGE = 100;

/** Where a page of the server's list is read: the IM API, or the gateway's GetConversationList. */
export type ListPageReader = (offset: number, count: number) => Promise<ConversationListResp>;

/**
 * The user's conversations: read from the local store first, kept in step with the server, and
 * announced only where they changed (new, changed, total unread).
 */
export class ConversationService {
  #store: LocalStore;
  #api: ImApi;
  #selfID: string;
  #events: ConversationEvents;
  #lastTotal: number | null = null;
  #freshness = new RowFreshness();
  /** Read-modify-write of stored rows, one at a time: two changes never start from the same old row. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(store: LocalStore, api: ImApi, selfID: string, events: ConversationEvents) {
    this.#store = store;
    this.#api = api;
    this.#selfID = selfID;
    this.#events = events;
  }

  /**
   * A page of the sorted list. Once this device has synced, the page comes from the store at once
   * and the server's copy of it follows as conversationChanged/newConversation events; before that,
   * the server answers.
   */
  async listSplit(offset: number, count: number): Promise<ConversationItem[]> {
    if (await this.#store.getMeta<boolean>(StoreMeta.initialized)) {
      void this.#refreshPage(offset, count).catch(() => undefined);
      return this.#sortedPage(offset, count);
    }
    await this.#refreshPage(offset, count);
    return this.#sortedPage(offset, count);
  }

  /** A page as the store holds it, without asking the server (right after a sync read the whole list). */
  storedPage(offset: number, count: number): Promise<ConversationItem[]> {
    return this.#sortedPage(offset, count);
  }

  /** The total unread of the stored list (docs/sdk.md#sync-rules: recvMsgOpt 0 only). */
  async storedTotalUnread(): Promise<number> {
    return totalUnread(await this.#store.getConversations());
  }

  async get(conversationID: string): Promise<ConversationItem | undefined> {
    return this.#store.getConversation(conversationID);
  }

  /**
   * Fetches the whole list (sync), removing what the server no longer has; reports 0–1. The pages
   * are read by `readPage`: the sync reads them on its socket (session/messaging-session.ts).
   */
  async refreshAll(
    report: (fraction: number) => void = () => undefined,
    readPage: ListPageReader = (offset, count) => this.#api.getConversationList(offset, count),
  ): Promise<void> {
    const readStamp = this.#freshness.readStarted();
    const all: ConversationItem[] = [];
    for (let offset = 0; ; offset += REFRESH_PAGE) {
      const { conversations, total } = await readPage(offset, REFRESH_PAGE);
      all.push(...(conversations ?? []));
      report(total > 0 ? Math.min(1, all.length / total) : 1);
      if (!conversations?.length || all.length >= total) break;
    }
    const kept = new Set(all.map((c) => c.conversationID));
    await this.#serially(async () => {
      for (const old of await this.#store.getConversations()) {
        const gone =
          !kept.has(old.conversationID) && this.#freshness.isCurrent(old.conversationID, readStamp);
        if (gone) await this.#store.deleteConversation(old.conversationID);
      }
      await this.#mergeNow(all, readStamp);
    });
  }

  /**
   * Takes conversations from the server (answers, ConversationChanged pushes) and announces the
   * differences. Without a read stamp the rows are the newest this device knows of (a push, the answer
   * to its own change); with one, rows older than a change taken since the read was sent are dropped.
   */
  merge(items: ConversationItem[], readStamp?: number): Promise<void> {
    return this.#serially(() => this.#mergeNow(items, readStamp));
  }

  async #mergeNow(items: ConversationItem[], readStamp?: number): Promise<void> {
    const added: ConversationItem[] = [];
    const changed: ConversationItem[] = [];
    for (const item of items) {
      if (readStamp === undefined) this.#freshness.changed(item.conversationID);
      else if (!this.#freshness.isCurrent(item.conversationID, readStamp)) continue;
      const old = await this.#store.getConversation(item.conversationID);
      if (!old) added.push(item);
      else if (JSON.stringify(old) !== JSON.stringify({ ...old, ...item })) changed.push({ ...old, ...item });
    }
    await this.#store.putConversations([...added, ...changed]);
    if (added.length) this.#events.newConversation(added);
    if (changed.length) this.#events.conversationChanged(changed);
    await this.#announceTotal();
  }

  /**
   * A group renamed or given a new face (the groupInfoChanged notice): its conversation shows the new
   * name and face at once, as the server's list does.
   */
  applyGroupInfo(info: { groupID: string; groupName: string; faceURL: string }): Promise<void> {
    return this.#serially(async () => {
      const old = await this.#store.getConversation(groupConversationID(info.groupID));
      if (old) await this.#mergeNow([{ ...old, showName: info.groupName, faceURL: info.faceURL }]);
    });
  }

  /** New stored messages: moves each conversation's last message and unread count forward. */
  async applyMessages(messages: MessageItem[]): Promise<void> {
    const unknown = await this.#serially(() => this.#applyKnown(messages));
    if (unknown.length) await this.#addUnknown(unknown);
  }

  /** Moves the stored conversations forward; returns the messages of conversations not stored yet. */
  async #applyKnown(messages: MessageItem[]): Promise<MessageItem[][]> {
    const latest = new Map<string, MessageItem[]>();
    for (const message of messages) {
      const list = latest.get(message.conversationID) ?? [];
      latest.set(message.conversationID, [...list, message]);
    }
    const unknown: MessageItem[][] = [];
    const changed: ConversationItem[] = [];
    for (const [conversationID, list] of latest) {
      const item = await this.#store.getConversation(conversationID);
      if (!item) {
        unknown.push(list);
        continue;
      }
      const next = list.reduce<ConversationItem>((acc, m) => applyMessage(acc, m, this.#selfID) ?? acc, item);
      if (next === item) continue;
      this.#freshness.changed(conversationID);
      changed.push(next);
    }
    await this.#store.putConversations(changed);
    if (changed.length) this.#events.conversationChanged(changed);
    await this.#announceTotal();
    return unknown;
  }

  /** A conversation first seen in a message: the server's copy, or one made from the message. */
  async #addUnknown(lists: MessageItem[][]): Promise<void> {
    const ids = lists.map((list) => list[0].conversationID);
    const fromServer = await this.#api.getConversations(ids).catch(() => [] as ConversationItem[]);
    const found = new Set(fromServer.map((c) => c.conversationID));
    const made = lists
      .filter((list) => !found.has(list[0].conversationID))
      .map((list) =>
        list
          .slice(1)
          .reduce(
            (acc, m) => applyMessage(acc, m, this.#selfID) ?? acc,
            conversationFromMessage(list[0], this.#selfID),
          ),
      );
    await this.merge([...fromServer, ...made]);
  }

  async setConversation(req: SetConversationReq): Promise<void> {
    const answered = await this.#api.setConversation(req);
    await this.#takeAnswer(req.conversationID, answered);
  }

  /**
   * Burn-after-reading on or off with its duration, for both users of a one-to-one chat; the 1701
   * notice comes as a new message (docs/sdk.md "Read receipts and burn-after-reading").
   */
  async setBurnAfterReading(req: SetBurnAfterReadingReq): Promise<void> {
    const answered = await this.#api.setBurnAfterReading(req);
    await this.#takeAnswer(req.conversationID, answered);
  }

  /** Removes the conversation and its messages, for this user only. */
  async delete(conversationID: string): Promise<void> {
    await this.#api.deleteConversation(conversationID);
    await this.#store.deleteConversation(conversationID);
    await this.#store.deleteMessages(conversationID);
    this.#events.deleted?.(conversationID);
    await this.#announceTotal();
  }

  /** Clears the history: the conversation stays, empty and read (own unsent messages stay). */
  async clear(conversationID: string): Promise<void> {
    const answered = await this.#api.clearConversation(conversationID);
    await this.#store.deleteMessages(conversationID, Number.MAX_SAFE_INTEGER);
    await this.#serially(async () => {
      const item = await this.#store.getConversation(conversationID);
      if (!item) return;
      const cleared = {
        ...item,
        latestMsg: null,
        unreadCount: 0,
        minSeq: item.maxSeq,
        hasReadSeq: item.maxSeq,
      };
      await this.#mergeNow([answered?.conversationID ? { ...cleared, ...answered } : cleared]);
    });
  }

  /** Local side of mark-as-read (the gateway request is the caller's). */
  markRead(conversationID: string): Promise<void> {
    return this.#serially(async () => {
      const item = await this.#store.getConversation(conversationID);
      if (!item || (item.unreadCount === 0 && item.hasReadSeq >= item.maxSeq)) return;
      await this.#mergeNow([{ ...item, unreadCount: 0, hasReadSeq: item.maxSeq, groupAtType: 0 }]);
    });
  }

  /** Replaces a message shown as a conversation's last message (a revoke rewrote it). */
  replaceLatest(message: MessageItem): Promise<void> {
    return this.#serially(async () => {
      const item = await this.#store.getConversation(message.conversationID);
      if (item?.latestMsg?.clientMsgID === message.clientMsgID)
        await this.#mergeNow([{ ...item, latestMsg: message }]);
    });
  }

  /** The server's total; the local sum when the server cannot be reached. */
  async totalUnread(): Promise<number> {
    try {
      return await this.#api.getTotalUnread();
    } catch {
      return this.storedTotalUnread();
    }
  }

  async #takeAnswer(conversationID: string, answered: ConversationItem | null | undefined): Promise<void> {
    const item = answered?.conversationID
      ? answered
      : (await this.#api.getConversations([conversationID]).catch(() => []))[0];
    if (item) await this.merge([item]);
  }

  async #refreshPage(offset: number, count: number): Promise<void> {
    const readStamp = this.#freshness.readStarted();
    const { conversations } = await this.#api.getConversationList(offset, count);
    await this.merge(conversations ?? [], readStamp);
  }

  #serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #sortedPage(offset: number, count: number): Promise<ConversationItem[]> {
    const all = (await this.#store.getConversations()).sort(compareConversations);
    return all.slice(offset, offset + count);
  }

  async #announceTotal(): Promise<void> {
    const total = totalUnread(await this.#store.getConversations());
    if (total === this.#lastTotal) return;
    this.#lastTotal = total;
    this.#events.totalUnreadChanged(total);
  }
}
