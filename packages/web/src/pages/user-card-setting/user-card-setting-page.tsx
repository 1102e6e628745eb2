import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /userCardSetting: Friend settings: remark, blacklist, remove. */
export function UserCardSettingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.userCardSetting')}>
      <EmptyState text={t('empty.settings')} />
    </Page>
  );
}
