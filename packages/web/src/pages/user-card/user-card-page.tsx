import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /userCard: Another user's card: profile, add friend, send message. */
export function UserCardPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.userCard')}>
      <EmptyState text={t('empty.user')} />
    </Page>
  );
}
