import { List } from 'antd-mobile';
import { CameraOutline, PhoneFill, SearchOutline } from 'antd-mobile-icons';
import { startCall } from '../../call/start-call';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { ConversationSwitches } from '../../components/conversation-switches';
import { ButtonItem, LinkItem } from '../../components/list-items';
import { paths } from '../../router/paths';
import { useConversationSettings } from '../../hooks/use-conversation-settings';
import type { ChatTarget } from '../../router/chat-target';
import { useChatTitle } from '../../hooks/use-chat-title';
import styles from './single-settings.module.css';
import { BurnSetting } from './burn-setting';

/** Voice and video calls, pin, do not disturb (receive option 2) and clear history for one conversation. */
export function SingleSettings({ target }: { target: ChatTarget }) {
  const { t } = useTranslation();
  const settings = useConversationSettings(target.conversationID);
  const title = useChatTitle(target);
  const peer = { userID: target.userID, nickname: title.name, faceURL: title.faceURL };

  return (
    <>
      <section className={styles.peer}>
        <Avatar name={title.name} src={title.faceURL} size={52} />
        <span className={styles.name}>{title.name}</span>
      </section>
      {target.userID && (
        <List>
          <ButtonItem onClick={() => startCall(peer, 'audio')} prefix={<PhoneFill aria-hidden="true" />}>
            {t('calls.voiceCall')}
          </ButtonItem>
          <ButtonItem onClick={() => startCall(peer, 'video')} prefix={<CameraOutline aria-hidden="true" />}>
            {t('calls.videoCall')}
          </ButtonItem>
        </List>
      )}
      <List>
        <LinkItem
          to={paths.searchMessages({ conversationID: target.conversationID })}
          prefix={<SearchOutline aria-hidden="true" />}
        >
          {t('finder.searchChat')}
        </LinkItem>
      </List>
      <ConversationSwitches {...settings} />
      <BurnSetting conversationID={target.conversationID} />
      <List className={styles.danger}>
        <ButtonItem onClick={settings.clear}>{t('singleSetting.clearHistory')}</ButtonItem>
      </List>
    </>
  );
}
