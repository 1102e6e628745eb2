import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /singleSetting: Settings of a one-to-one chat (pin, burn after reading, clear history). */
export function SingleSettingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.singleSetting')}>
      <EmptyState text={t('empty.settings')} />
    </Page>
  );
}
