import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FriendApplications } from '../../components/friend-applications';
import { Page } from '../../components/page';
import { ApplicationType, parseApplicationType } from '../../utils/application-query';

/**
 * /applicationList (query type, as /applicationDetails numbers it): the applications in Received and
 * Sent tabs, opened on the tab the type names. Friend applications when the type is absent; group
 * applications (types 2 and 3) come with the groups issue.
 */
export function ApplicationListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = parseApplicationType(params.get('type')) ?? ApplicationType.RecvFriend;
  const isGroup = type === ApplicationType.RecvGroup || type === ApplicationType.SendGroup;
  return (
    <Page title={t('pages.applicationList')}>
      {isGroup ? (
        <EmptyState text={t('empty.applications')} />
      ) : (
        <FriendApplications initialTab={type === ApplicationType.SendFriend ? 'send' : 'recv'} />
      )}
    </Page>
  );
}
