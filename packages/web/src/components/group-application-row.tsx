import { useTranslation } from '../i18n/use-translation';
import type { GroupApplicationItem } from '../stores/contact-types';
import { ApplicationType } from '../utils/application-query';
import { ApplicationLink } from './application-link';
import { paths } from '../router/paths';

interface Props {
  application: GroupApplicationItem;
  /** Received: the applicant is shown (with the group); sent: the group. */
  side: 'recv' | 'send';
}

/**
 * One group application: who applied to which group (received) or the group applied to (sent), the
 * reason and the state. The row is one link, named by the applicant or the group, to
 * /applicationDetails (type 2 or 3).
 */
export function GroupApplicationRow({ application, side }: Props) {
  const { t } = useTranslation();
  const group = application.groupName || application.groupID;
  const name = side === 'recv' ? application.nickname || application.userID : group;
  const face = side === 'recv' ? application.faceURL : application.groupFaceURL;
  const type = side === 'recv' ? ApplicationType.RecvGroup : ApplicationType.SendGroup;
  const line = side === 'recv' ? t('groupApplication.toGroup', { group }) : application.reqMsg;
  return (
    <ApplicationLink
      to={paths.applicationDetails(application, type)}
      name={name}
      face={face}
      description={line}
      handleResult={application.handleResult}
    />
  );
}
