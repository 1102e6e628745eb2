import { beforeEach, describe, expect, it } from 'vitest';
import { hasMorePages, mergeConversations, removeConversation } from '../src/utils/conversation-list';
import { useConversationStore } from '../src/stores/conversation-store';
import { conversation } from './fixtures';

const ids = (list: { conversationID: string }[]) => list.map((c) => c.conversationID);

describe('conversation list rules (docs/product.md#conversations)', () => {
  it('puts pinned conversations first, then the latest activity first', () => {
    const list = mergeConversations(
      [],
      [
        conversation({ conversationID: 'old', latestMsgSendTime: 100 }),
        conversation({ conversationID: 'new', latestMsgSendTime: 300 }),
        conversation({ conversationID: 'pinned-old', latestMsgSendTime: 50, isPinned: true }),
        conversation({ conversationID: 'mid', latestMsgSendTime: 200 }),
      ],
    );
    expect(ids(list)).toEqual(['pinned-old', 'new', 'mid', 'old']);
  });

  it('sorts by the later of the draft time and the last message time', () => {
    const list = mergeConversations(
      [],
      [
        conversation({ conversationID: 'message', latestMsgSendTime: 200 }),
        conversation({ conversationID: 'draft', latestMsgSendTime: 100, draftTextTime: 300 }),
      ],
    );
    expect(ids(list)).toEqual(['draft', 'message']);
  });

  it('keeps conversations unique by id: a changed one replaces its copy and moves to its new place', () => {
    const start = mergeConversations(
      [],
      [
        conversation({ conversationID: 'a', latestMsgSendTime: 300 }),
        conversation({ conversationID: 'b', latestMsgSendTime: 200 }),
        conversation({ conversationID: 'c', latestMsgSendTime: 100 }),
      ],
    );
    const changed = mergeConversations(start, [
      conversation({ conversationID: 'c', latestMsgSendTime: 400, unreadCount: 2 }),
    ]);
    expect(ids(changed)).toEqual(['c', 'a', 'b']);
    expect(changed.find((x) => x.conversationID === 'c')?.unreadCount).toBe(2);

    const pinned = mergeConversations(changed, [
      conversation({ conversationID: 'b', latestMsgSendTime: 200, isPinned: true }),
    ]);
    expect(ids(pinned)).toEqual(['b', 'c', 'a']);
  });

  it('adds a new conversation in its place and removes a deleted one', () => {
    const start = mergeConversations([], [conversation({ conversationID: 'a', latestMsgSendTime: 100 })]);
    const added = mergeConversations(start, [conversation({ conversationID: 'n', latestMsgSendTime: 500 })]);
    expect(ids(added)).toEqual(['n', 'a']);
    expect(ids(removeConversation(added, 'n'))).toEqual(['a']);
  });

  it('expects another page while a full page of 20 came back', () => {
    expect(hasMorePages(20)).toBe(true);
    expect(hasMorePages(19)).toBe(false);
    expect(hasMorePages(0)).toBe(false);
  });
});

describe('conversation store', () => {
  beforeEach(() => useConversationStore.getState().reset());

  it('applies changed and new conversations in place and sorted', () => {
    const store = useConversationStore.getState();
    store.setConversationList([
      conversation({ conversationID: 'a', latestMsgSendTime: 100 }),
      conversation({ conversationID: 'b', latestMsgSendTime: 200 }),
    ]);
    store.applyConversations([conversation({ conversationID: 'a', latestMsgSendTime: 300 })]);
    store.applyConversations([conversation({ conversationID: 'c', latestMsgSendTime: 250 })]);
    expect(ids(useConversationStore.getState().conversationList)).toEqual(['a', 'c', 'b']);
    store.removeConversation('c');
    expect(ids(useConversationStore.getState().conversationList)).toEqual(['a', 'b']);
  });
});
