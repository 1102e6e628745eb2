import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /groupNotice: The group announcement. */
export function GroupNoticePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.groupNotice')}>
      <EmptyState text={t('empty.notice')} />
    </Page>
  );
}
