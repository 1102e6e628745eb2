import { useState } from 'react';
import { Dialog, List, Switch, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RecvMsgOpt } from '@im/protocol';
import type { SetConversationReq } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { ButtonItem } from '../../components/list-items';
import { im } from '../../sdk/im';
import { useConversation } from '../../stores/conversation-store';
import { showError } from '../../utils/show-error';
import type { ChatTarget } from '../chat/chat-target';
import { useChatTitle } from '../chat/use-chat-title';
import styles from './single-settings.module.css';

/**
 * Pin, do not disturb (receive option 2) and clear history for one conversation. The switches show
 * the conversation as the core last announced it; a change is shown at once and undone on failure.
 */
export function SingleSettings({ target }: { target: ChatTarget }) {
  const { t } = useTranslation();
  const conversation = useConversation(target.conversationID);
  const title = useChatTitle(target);
  const [pending, setPending] = useState<Partial<Record<'isPinned' | 'muted', boolean>>>({});

  const pinned = pending.isPinned ?? conversation?.isPinned ?? false;
  const muted = pending.muted ?? conversation?.recvMsgOpt === RecvMsgOpt.NotNotify;

  const change = async (
    key: 'isPinned' | 'muted',
    value: boolean,
    req: Omit<SetConversationReq, 'conversationID'>,
  ) => {
    setPending((p) => ({ ...p, [key]: value }));
    try {
      await im.setConversation({ conversationID: target.conversationID, ...req });
    } catch (error) {
      showError(error, 'conversation setting failed');
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
          await im.clearConversationAndDeleteAllMsg(target.conversationID);
          Toast.show({ icon: 'success', content: t('singleSetting.cleared') });
        } catch (error) {
          showError(error, 'clear history failed');
        }
      },
    });

  return (
    <>
      <section className={styles.peer}>
        <Avatar name={title.name} src={title.faceURL} size={52} />
        <span className={styles.name}>{title.name}</span>
      </section>
      <List>
        <List.Item
          extra={
            <Switch
              checked={pinned}
              aria-label={t('singleSetting.pin')}
              onChange={(value) => void change('isPinned', value, { isPinned: value })}
            />
          }
        >
          {t('singleSetting.pin')}
        </List.Item>
        <List.Item
          extra={
            <Switch
              checked={muted}
              aria-label={t('singleSetting.doNotDisturb')}
              onChange={(value) =>
                void change('muted', value, { recvMsgOpt: value ? RecvMsgOpt.NotNotify : RecvMsgOpt.Normal })
              }
            />
          }
        >
          {t('singleSetting.doNotDisturb')}
        </List.Item>
      </List>
      <List className={styles.danger}>
        <ButtonItem onClick={() => void clear()}>{t('singleSetting.clearHistory')}</ButtonItem>
      </List>
    </>
  );
}
