import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /applicationList: All applications in one list. */
export function ApplicationListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.applicationList')}>
      <EmptyState text={t('empty.applications')} />
    </Page>
  );
}
