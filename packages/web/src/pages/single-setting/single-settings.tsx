import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { ConversationSwitches } from '../../components/conversation-switches';
import { ButtonItem } from '../../components/list-items';
import { useConversationSettings } from '../../hooks/use-conversation-settings';
import type { ChatTarget } from '../../router/chat-target';
import { useChatTitle } from '../../hooks/use-chat-title';
import styles from './single-settings.module.css';

/** Pin, do not disturb (receive option 2) and clear history for one conversation. */
export function SingleSettings({ target }: { target: ChatTarget }) {
  const { t } = useTranslation();
  const settings = useConversationSettings(target.conversationID);
  const title = useChatTitle(target);

  return (
    <>
      <section className={styles.peer}>
        <Avatar name={title.name} src={title.faceURL} size={52} />
        <span className={styles.name}>{title.name}</span>
      </section>
      <ConversationSwitches {...settings} />
      <List className={styles.danger}>
        <ButtonItem onClick={settings.clear}>{t('singleSetting.clearHistory')}</ButtonItem>
      </List>
    </>
  );
}
