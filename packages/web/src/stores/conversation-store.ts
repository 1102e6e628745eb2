import { create } from 'zustand';
import type { ConversationItem } from '@im/protocol';
import { mergeConversations, removeConversation } from '../utils/conversation-list';
import { withGroupNames } from '../utils/group-conversation-names';
import { useGroupStore } from './group-store';

/** Group rows carry the group's current name and face (utils/group-conversation-names.ts). */
const named = (items: ConversationItem[]) => withGroupNames(items, useGroupStore.getState().infos);

/**
 * The conversation list (docs/product.md#conversations), its paging state, and the total unread count
 * (the tab badge).
 */
export interface ConversationState {
  conversationList: ConversationItem[];
  unreadCount: number;
  /** A full page came back last time: another may follow. */
  hasMore: boolean;
  /** The first page has been asked for since login. */
  loaded: boolean;
  setConversationList: (list: ConversationItem[]) => void;
  /** Changed or new conversations, merged by conversationID and sorted again. */
  applyConversations: (items: ConversationItem[]) => void;
  removeConversation: (conversationID: string) => void;
  setPaging: (paging: Partial<Pick<ConversationState, 'hasMore' | 'loaded'>>) => void;
  setUnreadCount: (count: number) => void;
  reset: () => void;
}

const initial = {
  conversationList: [] as ConversationItem[],
  unreadCount: 0,
  hasMore: true,
  loaded: false,
};

export const useConversationStore = create<ConversationState>()((set) => ({
  ...initial,
  setConversationList: (list) => set({ conversationList: mergeConversations([], named(list)) }),
  applyConversations: (items) =>
    set((s) => ({ conversationList: mergeConversations(s.conversationList, named(items)) })),
  removeConversation: (conversationID) =>
    set((s) => ({ conversationList: removeConversation(s.conversationList, conversationID) })),
  setPaging: (paging) => set(paging),
  setUnreadCount: (unreadCount) => set({ unreadCount }),
  reset: () => set(initial),
}));

/** One conversation of the list, or undefined when it is not loaded (or does not exist yet). */
export function useConversation(conversationID: string): ConversationItem | undefined {
  return useConversationStore((s) => s.conversationList.find((c) => c.conversationID === conversationID));
}
