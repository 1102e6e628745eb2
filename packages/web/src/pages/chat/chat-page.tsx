import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /chat: One conversation: history and composer (the messaging issue fills it). */
export function ChatPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.chat')}>
      <EmptyState text={t('empty.messages')} />
    </Page>
  );
}
