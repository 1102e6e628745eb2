import { LoginStatus } from '@im/sdk';
import { showToast } from '../utils/antd-setup';
import { i18n } from '../i18n';
import { im } from '../sdk/im';
import { refreshOpenedGroups } from '../stores/group-actions';
import { useConversationStore } from '../stores/conversation-store';
import { useReadStateStore } from '../stores/read-state-store';
import { useUserStore } from '../stores/user-store';
import { bindCallEvents } from '../call/bind-call-events';
import { bindContactEvents } from './bind-contact-events';
import { bindGroupEvents } from './bind-group-events';
import { afterFirstScreen } from '../router/first-screen';
import { forgetLoadedLists, noteConnectionOpened, reloadListsAfterSync } from './start-lists';

/** Keeps the stores in step with what the messaging core announces. */
export function bindCoreEvents(): void {
  const conversations = () => useConversationStore.getState();
  const user = () => useUserStore.getState();

  im.on('selfInfoUpdated', (self) => user().setSelfInfo(self));

  // docs/product.md#conversations: changed or new items update in place and are sorted again.
  im.on('conversationChanged', (items) => conversations().applyConversations(items));
  im.on('newConversation', (items) => conversations().applyConversations(items));
  im.on('totalUnreadMessageCountChanged', (count) => conversations().setUnreadCount(count));
  // docs/product.md#read-receipts: a participant's read mark moves the open chats' marks.
  im.on('readReceipt', (detail) => useReadStateStore.getState().applyRead(detail));

  // docs/product.md#sync: progress (the overlay shows it on a reinstall), then the lists and the count again.
  im.on('connectSuccess', noteConnectionOpened);
  im.on('loginStatusChanged', (status) => {
    if (status === LoginStatus.Logout) forgetLoadedLists();
  });
  im.on('syncStart', ({ reinstall }) => user().setSync({ isSyncing: true, reinstall, progress: 0 }));
  im.on('syncProgress', ({ reinstall, progress }) => {
    if (reinstall) user().setSync({ progress });
  });
  im.on('syncFinish', () => {
    user().setSync({ isSyncing: false, reinstall: false, progress: 0, synced: true });
    // Contact events missed while offline are not replayed: the lists again (docs/sdk.md), unless
    // loaded since the connection opened (session/start-lists.ts).
    void reloadListsAfterSync();
    void refreshOpenedGroups();
  });
  im.on('syncFailed', (failure) => {
    console.error('sync failed', failure);
    user().setSync({ isSyncing: false, reinstall: false, progress: 0, synced: true });
    showToast({ icon: 'fail', content: i18n.t('session.syncFailed') });
  });

  bindContactEvents();
  bindGroupEvents();
  bindCallEvents();
  // A hidden tab's own notifications (pwa/page-notifications.ts) start with the first screen shown.
  afterFirstScreen(() => {
    import('../pwa/page-notifications')
      .then(({ bindPageNotifications }) => bindPageNotifications())
      .catch((error: unknown) => console.error('page notifications not bound', error));
  });
}
