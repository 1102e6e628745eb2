import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /searchFriendOrGroup: Searches own friends and groups. */
export function SearchFriendOrGroupPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.searchFriendOrGroup')}>
      <EmptyState text={t('empty.results')} />
    </Page>
  );
}
