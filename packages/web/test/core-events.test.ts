import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindCoreEvents } from '../src/session/bind-core-events';
import { useConversationStore } from '../src/stores/conversation-store';
import { useUserStore } from '../src/stores/user-store';
import { conversation } from './fixtures';
import { emitCoreEvent } from './core-event-player';

/** The stores follow the core's events (the tab badge, the list, the sync overlay). */
describe('core events → stores', () => {
  beforeAll(() => bindCoreEvents());
  beforeEach(() => {
    useConversationStore.getState().reset();
    useUserStore.getState().reset();
  });

  it('totalUnreadMessageCountChanged feeds the tab badge count', () => {
    emitCoreEvent('totalUnreadMessageCountChanged', 7);
    expect(useConversationStore.getState().unreadCount).toBe(7);
  });

  it('newConversation and conversationChanged merge into the sorted list', () => {
    emitCoreEvent('newConversation', [
      conversation({ conversationID: 'a', latestMsgSendTime: 100 }),
      conversation({ conversationID: 'b', latestMsgSendTime: 200 }),
    ]);
    emitCoreEvent('conversationChanged', [
      conversation({ conversationID: 'a', latestMsgSendTime: 300, unreadCount: 1 }),
    ]);
    const list = useConversationStore.getState().conversationList;
    expect(list.map((c) => c.conversationID)).toEqual(['a', 'b']);
    expect(list[0].unreadCount).toBe(1);
  });

  it('a reinstall sync reports its progress for the overlay; other syncs do not', () => {
    emitCoreEvent('syncStart', { reinstall: true });
    emitCoreEvent('syncProgress', { reinstall: true, progress: 42 });
    expect(useUserStore.getState()).toMatchObject({ isSyncing: true, reinstall: true, progress: 42 });
    useUserStore.getState().reset();
    emitCoreEvent('syncStart', { reinstall: false });
    emitCoreEvent('syncProgress', { reinstall: false, progress: 42 });
    expect(useUserStore.getState().progress).toBe(0);
  });
});
