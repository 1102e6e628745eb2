import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TFunction } from 'i18next';
import type { ConversationItem } from '@im/protocol';
import { im } from '../../sdk/im';
import { useConversationStore } from '../../stores/conversation-store';
import { showActionError } from '../../utils/failure-toast';

/** Deletes a conversation after a confirm; the dialog's code loads with the first delete. */
async function confirmDelete(item: ConversationItem, t: TFunction): Promise<void> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  await Dialog.confirm({
    content: t('conversation.deleteConfirm'),
    confirmText: t('conversation.delete'),
    cancelText: t('common.cancel'),
    onConfirm: async () => {
      try {
        await im.conversations.deleteConversationAndDeleteAllMsg(item.conversationID);
        // A kept-alive chat of it empties itself: its sdk timeline hears the deletion.
        useConversationStore.getState().removeConversation(item.conversationID);
      } catch (error) {
        showActionError(error, 'delete conversation failed');
      }
    },
  });
}

/** The swipe actions of a conversation row: pin or unpin, mark as read, delete (after a confirm). */
export function useConversationActions() {
  const { t } = useTranslation();

  const togglePin = useCallback((item: ConversationItem) => {
    im.conversations
      .setConversation({ conversationID: item.conversationID, isPinned: !item.isPinned })
      .catch((error: unknown) => showActionError(error, 'pin failed'));
  }, []);

  const markRead = useCallback((item: ConversationItem) => {
    im.messages
      .markConversationMessageAsRead(item.conversationID)
      .catch((error: unknown) => showActionError(error, 'mark as read failed'));
  }, []);

  // The dialog's code loads with the first delete: the conversation list is a first screen.
  const remove = useCallback((item: ConversationItem) => void confirmDelete(item, t), [t]);

  return { togglePin, markRead, remove };
}
