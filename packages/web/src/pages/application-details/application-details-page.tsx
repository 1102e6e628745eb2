import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /applicationDetails: One application (query application as JSON, type as number). */
export function ApplicationDetailsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.applicationDetails')}>
      <EmptyState text={t('empty.applications')} />
    </Page>
  );
}
