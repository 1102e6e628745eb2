import { useState } from 'react';
import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { RecvMsgOpt } from '@im/protocol';
import type { SetConversationReq } from '@im/protocol';
import { im } from '../sdk/im';
import { useConversation } from '../stores/conversation-store';
import { showActionError } from '../utils/failure-toast';

type Key = 'isPinned' | 'muted';

/**
 * Pin, do not disturb (receive option 2) and clear history of one conversation, for the one-to-one
 * and group settings screens. The switches show the conversation as the core last announced it; a
 * change shows at once and is undone on failure. Clearing asks first.
 */
export function useConversationSettings(conversationID: string) {
  const { t } = useTranslation();
  const conversation = useConversation(conversationID);
  const [pending, setPending] = useState<Partial<Record<Key, boolean>>>({});

  const change = async (key: Key, value: boolean, req: Omit<SetConversationReq, 'conversationID'>) => {
    setPending((p) => ({ ...p, [key]: value }));
    try {
      await im.conversations.setConversation({ conversationID, ...req });
    } catch (error) {
      showActionError(error, 'conversation setting failed');
    } finally {
      setPending((p) => ({ ...p, [key]: undefined }));
    }
  };

  const clear = () =>
    Dialog.confirm({
      content: t('singleSetting.clearConfirm'),
      confirmText: t('singleSetting.clear'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await im.conversations.clearConversationAndDeleteAllMsg(conversationID);
          Toast.show({ icon: 'success', content: t('singleSetting.cleared') });
        } catch (error) {
          showActionError(error, 'clear history failed');
        }
      },
    });

  return {
    pinned: pending.isPinned ?? conversation?.isPinned ?? false,
    muted: pending.muted ?? conversation?.recvMsgOpt === RecvMsgOpt.NotNotify,
    setPinned: (value: boolean) => void change('isPinned', value, { isPinned: value }),
    setMuted: (value: boolean) =>
      void change('muted', value, { recvMsgOpt: value ? RecvMsgOpt.NotNotify : RecvMsgOpt.Normal }),
    clear: () => void clear(),
  };
}
