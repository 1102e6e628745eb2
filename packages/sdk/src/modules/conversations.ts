import type { ConversationItem, SetConversationReq } from '@im/protocol';
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

  getTotalUnreadMsgCount(): Promise<number> {
    return this.#access.core().conversations.totalUnread();
  }

  /** Pin, receive option or draft; announces the result as conversationChanged. */
  setConversation(req: SetConversationReq): Promise<void> {
    return this.#access.core().conversations.setConversation(req);
  }

  deleteConversationAndDeleteAllMsg(conversationID: string): Promise<void> {
    return this.#access.core().conversations.delete(conversationID);
  }

  /** Clears the history (own unsent messages stay); the conversation stays, empty and read. */
  clearConversationAndDeleteAllMsg(conversationID: string): Promise<void> {
    return this.#access.core().conversations.clear(conversationID);
  }
}
