import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /groupSetting: Settings of a group chat (announcement, members, leave). */
export function GroupSettingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.groupSetting')}>
      <EmptyState text={t('empty.settings')} />
    </Page>
  );
}
