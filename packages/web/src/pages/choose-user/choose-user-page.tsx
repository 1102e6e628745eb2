import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /chooseUser: Chooses users (for a group, a card, a call). */
export function ChooseUserPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.chooseUser')}>
      <EmptyState text={t('empty.friends')} />
    </Page>
  );
}
