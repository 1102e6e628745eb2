import { create } from 'zustand';
import type { ConversationItem } from '@im/protocol';

/** The conversation list and the total unread count (the /conversation tab badge). */
export interface ConversationState {
  conversationList: ConversationItem[];
  unreadCount: number;
  setConversationList: (list: ConversationItem[]) => void;
  setUnreadCount: (count: number) => void;
  reset: () => void;
}

const initial = { conversationList: [] as ConversationItem[], unreadCount: 0 };

export const useConversationStore = create<ConversationState>()((set) => ({
  ...initial,
  setConversationList: (conversationList) => set({ conversationList }),
  setUnreadCount: (unreadCount) => set({ unreadCount }),
  reset: () => set(initial),
}));
