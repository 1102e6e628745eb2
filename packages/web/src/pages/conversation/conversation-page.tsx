import { Link } from 'react-router';
import { List } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { useConversationStore } from '../../stores/conversation-store';

/** /conversation: the chats. The messaging issue fills the store; until then the list is empty. */
export function ConversationPage() {
  const { t } = useTranslation();
  const conversations = useConversationStore((s) => s.conversationList);
  const add = (
    <Link to="/contactAdd" className="text-button" aria-label={t('contact.add')}>
      <AddCircleOutline fontSize={22} aria-hidden="true" />
    </Link>
  );
  return (
    <Page title={t('conversation.title')} back={false} right={add}>
      {conversations.length === 0 ? (
        <EmptyState text={t('conversation.empty')} />
      ) : (
        <List>
          {conversations.map((c) => (
            <List.Item key={c.conversationID} prefix={<Avatar name={c.showName} src={c.faceURL} size={44} />}>
              {c.showName}
            </List.Item>
          ))}
        </List>
      )}
    </Page>
  );
}
