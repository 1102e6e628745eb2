import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /myFriend: Friends grouped by first letter. */
export function MyFriendPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.myFriend')}>
      <EmptyState text={t('empty.friends')} />
    </Page>
  );
}
