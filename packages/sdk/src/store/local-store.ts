import type { ConversationItem, MessageItem, UserInfo } from '@im/protocol';
import type { LocalSearchQuery } from './search-match.ts';

/**
 * The device's copy of one user's messaging data (docs/sdk.md#local-store): what the app shows before the
 * network answers, and what tells a later start which seqs it already has. Backends: memory (tests, or a
 * browser without IndexedDB) and IndexedDB. Every method is async so both fit.
 */
export interface LocalStore {
  close(): Promise<void>;

  /** Small named values (sync markers). */
  getMeta<T>(key: string): Promise<T | undefined>;
  setMeta(key: string, value: unknown): Promise<void>;

  getSelfInfo(): Promise<UserInfo | undefined>;
  setSelfInfo(info: UserInfo): Promise<void>;

  /** Every conversation, in no particular order. */
  getConversations(): Promise<ConversationItem[]>;
  getConversation(conversationID: string): Promise<ConversationItem | undefined>;
  /** Inserts or replaces by conversationID. */
  putConversations(items: ConversationItem[]): Promise<void>;
  deleteConversation(conversationID: string): Promise<void>;

  /**
   * Inserts or replaces by clientMsgID: a revoke rewrites a message in place, and an own send's
   * stored copy replaces its unsent one (seq 0, status Sending or Failed).
   */
  putMessages(messages: MessageItem[]): Promise<void>;
  getMessage(clientMsgID: string): Promise<MessageItem | undefined>;
  getMessageBySeq(conversationID: string, seq: number): Promise<MessageItem | undefined>;
  /**
   * Up to `count` stored messages (seq > 0) with seq below `beforeSeq` (Infinity: the newest),
   * ascending by seq. Unsent messages are never part of a history page.
   */
  getMessagesBefore(conversationID: string, beforeSeq: number, count: number): Promise<MessageItem[]>;
  /** Own messages not stored by the server yet (seq 0: Sending or Failed), oldest first; all conversations when none is given. */
  getUnsentMessages(conversationID?: string): Promise<MessageItem[]>;
  /** Removes one message (an unsent one deleted by the user: the server never had it). */
  deleteMessage(clientMsgID: string): Promise<void>;
  /**
   * Deletes a conversation's messages: all of them (unsent included), or the stored ones with
   * seq <= upToSeq (a cleared history; unsent messages stay).
   */
  deleteMessages(conversationID: string, upToSeq?: number): Promise<void>;

  /**
   * Stored messages whose written text contains the keyword (store/search-match.ts), newest first, at
   * most `limit`: the device's half of message search (docs/sdk.md#message-search).
   */
  searchMessages(query: LocalSearchQuery): Promise<MessageItem[]>;

  /** Per conversation, the highest seq up to which every message is held (see sync/seq-state.ts). */
  getSeqs(): Promise<Record<string, number>>;
  setSeqs(seqs: Record<string, number>): Promise<void>;
}

/** Meta keys. */
export const StoreMeta = {
  /** Set once a first (reinstall) sync finished; absent means this device has nothing yet. */
  initialized: 'initialized',
  selfInfo: 'selfInfo',
} as const;
