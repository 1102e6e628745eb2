import type { ConversationItem, MessageItem, UserInfo } from '@im/protocol';
import { StoreMeta } from './local-store.ts';
import type { LocalStore } from './local-store.ts';
import { matchesSearch, newestFirst } from './search-match.ts';
import type { LocalSearchQuery } from './search-match.ts';

/** Copies on the way in and out, so callers cannot change stored rows by accident (as with IndexedDB). */
const copy = <T>(value: T): T => structuredClone(value);

/** The store in memory: tests, and browsers where IndexedDB is unavailable (private modes). */
export class MemoryStore implements LocalStore {
  #meta = new Map<string, unknown>();
  #conversations = new Map<string, ConversationItem>();
  #messages = new Map<string, MessageItem>();
  #seqs = new Map<string, number>();

  async close(): Promise<void> {}

  async getMeta<T>(key: string): Promise<T | undefined> {
    return copy(this.#meta.get(key) as T | undefined);
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    this.#meta.set(key, copy(value));
  }

  getSelfInfo(): Promise<UserInfo | undefined> {
    return this.getMeta<UserInfo>(StoreMeta.selfInfo);
  }

  setSelfInfo(info: UserInfo): Promise<void> {
    return this.setMeta(StoreMeta.selfInfo, info);
  }

  async getConversations(): Promise<ConversationItem[]> {
    return [...this.#conversations.values()].map(copy);
  }

  async getConversation(conversationID: string): Promise<ConversationItem | undefined> {
    return copy(this.#conversations.get(conversationID));
  }

  async putConversations(items: ConversationItem[]): Promise<void> {
    for (const item of items) this.#conversations.set(item.conversationID, copy(item));
  }

  async deleteConversation(conversationID: string): Promise<void> {
    this.#conversations.delete(conversationID);
  }

  async putMessages(messages: MessageItem[]): Promise<void> {
    for (const message of messages) this.#messages.set(message.clientMsgID, copy(message));
  }

  async getMessage(clientMsgID: string): Promise<MessageItem | undefined> {
    return copy(this.#messages.get(clientMsgID));
  }

  async getMessageBySeq(conversationID: string, seq: number): Promise<MessageItem | undefined> {
    for (const message of this.#messages.values()) {
      if (message.conversationID === conversationID && message.seq === seq) return copy(message);
    }
    return undefined;
  }

  async getMessagesBefore(conversationID: string, beforeSeq: number, count: number): Promise<MessageItem[]> {
    const older = [...this.#messages.values()]
      .filter((m) => m.conversationID === conversationID && m.seq > 0 && m.seq < beforeSeq)
      .sort((a, b) => a.seq - b.seq);
    return older.slice(Math.max(0, older.length - count)).map(copy);
  }

  async getUnsentMessages(conversationID?: string): Promise<MessageItem[]> {
    return [...this.#messages.values()]
      .filter((m) => m.seq === 0 && (conversationID === undefined || m.conversationID === conversationID))
      .sort((a, b) => a.createTime - b.createTime)
      .map(copy);
  }

  async deleteMessage(clientMsgID: string): Promise<void> {
    this.#messages.delete(clientMsgID);
  }

  async deleteMessages(conversationID: string, upToSeq?: number): Promise<void> {
    for (const [id, message] of this.#messages) {
      if (message.conversationID !== conversationID) continue;
      if (upToSeq === undefined || (message.seq > 0 && message.seq <= upToSeq)) this.#messages.delete(id);
    }
  }

  async searchMessages(query: LocalSearchQuery): Promise<MessageItem[]> {
    return [...this.#messages.values()]
      .filter((m) => matchesSearch(m, query))
      .sort(newestFirst)
      .slice(0, query.limit)
      .map(copy);
  }

  async getSeqs(): Promise<Record<string, number>> {
    return Object.fromEntries(this.#seqs);
  }

  async setSeqs(seqs: Record<string, number>): Promise<void> {
    for (const [conversationID, seq] of Object.entries(seqs)) this.#seqs.set(conversationID, seq);
  }
}
