import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { ApplicationType, parseApplicationType, parseFriendApplication } from '../../utils/application-query';
import { parseGroupApplication } from '../../utils/group-application-query';
import { FriendApplicationDetails } from './friend-application-details';
import { GroupApplicationDetails } from './group-application-details';

/**
 * /applicationDetails (query application as JSON, type as number, docs/product.md#routes): one
 * application. A pending received friend application can be accepted (with a remark) or rejected; a
 * pending received group application (types 2) accepted or rejected by the group's owner or an admin.
 */
export function ApplicationDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = parseApplicationType(params.get('type'));
  const raw = params.get('application');
  let body;
  if (type === ApplicationType.RecvFriend || type === ApplicationType.SendFriend) {
    const application = parseFriendApplication(raw);
    if (application)
      body = (
        <FriendApplicationDetails application={application} received={type === ApplicationType.RecvFriend} />
      );
  } else if (type === ApplicationType.RecvGroup || type === ApplicationType.SendGroup) {
    const application = parseGroupApplication(raw);
    if (application)
      body = (
        <GroupApplicationDetails application={application} received={type === ApplicationType.RecvGroup} />
      );
  }
  return (
    <Page title={t('pages.applicationDetails')}>{body ?? <EmptyState text={t('empty.applications')} />}</Page>
  );
}
