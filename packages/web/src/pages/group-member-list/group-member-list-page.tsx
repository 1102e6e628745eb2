import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /groupMemberList: Members of a group. */
export function GroupMemberListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.groupMemberList')}>
      <EmptyState text={t('empty.members')} />
    </Page>
  );
}
