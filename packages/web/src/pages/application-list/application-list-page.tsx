import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { FriendApplications } from '../../components/friend-applications';
import { GroupApplications } from '../../components/group-applications';
import { Page } from '../../components/page';
import { ApplicationType, parseApplicationType } from '../../utils/application-query';

/**
 * /applicationList (query type, as /applicationDetails numbers it): the applications in Received and
 * Sent tabs, opened on the tab the type names: friend applications (types 0, 1; also when absent) or
 * group applications (types 2, 3).
 */
export function ApplicationListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = parseApplicationType(params.get('type')) ?? ApplicationType.RecvFriend;
  const isGroup = type === ApplicationType.RecvGroup || type === ApplicationType.SendGroup;
  return (
    <Page title={t('pages.applicationList')}>
      {isGroup ? (
        <GroupApplications initialTab={type === ApplicationType.SendGroup ? 'send' : 'recv'} />
      ) : (
        <FriendApplications initialTab={type === ApplicationType.SendFriend ? 'send' : 'recv'} />
      )}
    </Page>
  );
}
