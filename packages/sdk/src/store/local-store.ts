import type { ConversationItem, MessageItem, UserInfo } from '@im/protocol';

/**
 * The device's copy of one user's messaging data (DESIGN §6): what the app shows before the network
 * answers, and what tells a later start which seqs it already has. Backends: memory (tests, or a
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

  /** Inserts or replaces by clientMsgID (a revoke rewrites a message in place). */
  putMessages(messages: MessageItem[]): Promise<void>;
  getMessage(clientMsgID: string): Promise<MessageItem | undefined>;
  getMessageBySeq(conversationID: string, seq: number): Promise<MessageItem | undefined>;
  /** Up to `count` messages with seq below `beforeSeq` (Infinity: the newest), ascending by seq. */
  getMessagesBefore(conversationID: string, beforeSeq: number, count: number): Promise<MessageItem[]>;
  /** Deletes a conversation's messages, all of them or those with seq <= upToSeq. */
  deleteMessages(conversationID: string, upToSeq?: number): Promise<void>;

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
