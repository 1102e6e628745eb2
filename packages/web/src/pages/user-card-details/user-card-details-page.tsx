import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /userCardDetails: Every field of a user's profile. */
export function UserCardDetailsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.userCardDetails')}>
      <EmptyState text={t('empty.user')} />
    </Page>
  );
}
