import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /changeName: Renames a group or one's name in it (query originData, JSON). */
export function ChangeNamePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.changeName')}>
      <EmptyState text={t('empty.settings')} />
    </Page>
  );
}
