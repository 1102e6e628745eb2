import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /myGroup: Groups the user has joined. */
export function MyGroupPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.myGroup')}>
      <EmptyState text={t('empty.groups')} />
    </Page>
  );
}
