import { create } from 'zustand';
import type { MemberReadState, ReadDetail } from '@im/protocol';
import { im } from '../sdk/im';

/** How far the other participants of one conversation have read. */
export interface ConversationReads {
  /** False for a group too large to keep receipts: no marks are shown. */
  receipts: boolean;
  members: Record<string, Pick<MemberReadState, 'hasReadSeq' | 'minSeq'>>;
}

/**
 * Read receipts of the open chats (docs/product.md#read-receipts): loaded from the server's read
 * state when a chat opens, then moved by each 2150 read mark the core announces (readReceipt). A
 * position never moves back, so a late answer cannot undo a newer mark.
 */
export interface ReadStateStore {
  byConversation: Record<string, ConversationReads>;
  load: (conversationID: string) => Promise<void>;
  applyRead: (detail: ReadDetail) => void;
  reset: () => void;
}

const later = (
  old: ConversationReads['members'][string] | undefined,
  next: ConversationReads['members'][string],
) => ({
  hasReadSeq: Math.max(old?.hasReadSeq ?? 0, next.hasReadSeq),
  minSeq: old ? old.minSeq : next.minSeq,
});

export const useReadStateStore = create<ReadStateStore>()((set) => ({
  byConversation: {},
  load: async (conversationID) => {
    const state = await im.messages.getReadState(conversationID);
    set((s) => {
      const old = s.byConversation[conversationID];
      const members: ConversationReads['members'] = { ...old?.members };
      for (const m of state.members) members[m.userID] = later(old?.members[m.userID], m);
      return {
        byConversation: { ...s.byConversation, [conversationID]: { receipts: state.receipts, members } },
      };
    });
  },
  applyRead: (detail) =>
    set((s) => {
      const old = s.byConversation[detail.conversationID];
      // Marks of a chat never opened are picked up by its load; own marks (other devices) say nothing.
      if (!old || !(detail.userID in old.members)) return s;
      const member = later(old.members[detail.userID], { hasReadSeq: detail.hasReadSeq, minSeq: 0 });
      return {
        byConversation: {
          ...s.byConversation,
          [detail.conversationID]: { ...old, members: { ...old.members, [detail.userID]: member } },
        },
      };
    }),
  reset: () => set({ byConversation: {} }),
}));
