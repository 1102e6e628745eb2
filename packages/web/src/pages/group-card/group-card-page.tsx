import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /groupCard: A group's card: join or open the chat. */
export function GroupCardPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.groupCard')}>
      <EmptyState text={t('empty.group')} />
    </Page>
  );
}
