import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /createGroup: Creates a group from chosen friends (query groupType as JSON number, default 0). */
export function CreateGroupPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.createGroup')}>
      <EmptyState text={t('empty.friends')} />
    </Page>
  );
}
