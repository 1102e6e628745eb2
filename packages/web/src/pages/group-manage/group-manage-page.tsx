import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /groupManage: Owner and admin tools: mute, admins, ownership transfer. */
export function GroupManagePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.groupManage')}>
      <EmptyState text={t('empty.settings')} />
    </Page>
  );
}
