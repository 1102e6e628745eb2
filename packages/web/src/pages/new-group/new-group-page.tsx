import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /newGroup: Group applications received and sent. */
export function NewGroupPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.newGroup')}>
      <EmptyState text={t('empty.applications')} />
    </Page>
  );
}
