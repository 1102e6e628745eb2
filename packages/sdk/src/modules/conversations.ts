import type { ConversationItem, SetBurnAfterReadingReq, SetConversationReq } from '@im/protocol';
import type { CoreAccess } from './logged-in-core.ts';

/**
 * `im.conversations`: the conversation list and each conversation's settings (docs/sdk.md
 * "Conversations"). Changes arrive as conversationChanged / newConversation events as well.
 */
export class ConversationsModule {
  #access: CoreAccess;

  constructor(access: CoreAccess) {
    this.#access = access;
  }

  /** A page of the sorted list, from the local store when it has synced (then refreshed by events). */
  getConversationListSplit(offset: number, count: number): Promise<ConversationItem[]> {
    return this.#access.core().conversations.listSplit(offset, count);
  }

  /**
   * A page as this device's store holds it, with no request: after a `syncFinish`, whose sync has
   * just read the whole list from the server, it is the server's list (docs/sdk.md#sync-rules).
   */
  getStoredConversationListSplit(offset: number, count: number): Promise<ConversationItem[]> {
    return this.#access.core().conversations.storedPage(offset, count);
  }

  getTotalUnreadMsgCount(): Promise<number> {
    return this.#access.core().conversations.totalUnread();
  }

  /** The total unread of the stored list, with no request (after a `syncFinish`, as above). */
  getStoredTotalUnreadMsgCount(): Promise<number> {
    return this.#access.core().conversations.storedTotalUnread();
  }

  /** Pin, receive option or draft; announces the result as conversationChanged. */
  setConversation(req: SetConversationReq): Promise<void> {
    return this.#access.core().conversations.setConversation(req);
  }

  /**
   * Burn-after-reading of a one-to-one chat (30, 300, 3600 or 86400 s), shared by both users: a 1701
   * notice tells both, and messages sent while it is on burn that long after the peer read them.
   */
  setBurnAfterReading(req: SetBurnAfterReadingReq): Promise<void> {
    return this.#access.core().conversations.setBurnAfterReading(req);
  }

  deleteConversationAndDeleteAllMsg(conversationID: string): Promise<void> {
    return this.#access.core().conversations.delete(conversationID);
  }

  /** Clears the history (own unsent messages stay); the conversation stays, empty and read. */
  clearConversationAndDeleteAllMsg(conversationID: string): Promise<void> {
    return this.#access.core().conversations.clear(conversationID);
  }
}
