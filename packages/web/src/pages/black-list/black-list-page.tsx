import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /blackList: Users the current user has blocked. */
export function BlackListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.blackList')}>
      <EmptyState text={t('empty.blackList')} />
    </Page>
  );
}
