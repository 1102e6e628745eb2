import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /newFriend: Friend applications received and sent. */
export function NewFriendPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.newFriend')}>
      <EmptyState text={t('empty.applications')} />
    </Page>
  );
}
