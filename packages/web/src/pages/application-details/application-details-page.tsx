import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { ApplicationType, parseApplicationType, parseFriendApplication } from '../../utils/application-query';
import { FriendApplicationDetails } from './friend-application-details';

/**
 * /applicationDetails (query application as JSON, type as number, spec §2): one application; a
 * pending received friend application can be accepted (with a remark) or rejected. Group
 * applications (types 2, 3) come with the groups issue.
 */
export function ApplicationDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = parseApplicationType(params.get('type'));
  const friend = type === ApplicationType.RecvFriend || type === ApplicationType.SendFriend;
  const application = friend ? parseFriendApplication(params.get('application')) : null;
  return (
    <Page title={t('pages.applicationDetails')}>
      {application ? (
        <FriendApplicationDetails application={application} received={type === ApplicationType.RecvFriend} />
      ) : (
        <EmptyState text={t('empty.applications')} />
      )}
    </Page>
  );
}
