import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { HandleResult } from '@im/protocol';
import type { GroupApplicationItem } from '../stores/contact-types';
import { ApplicationType, applicationDetailsPath, applicationStatusKey } from '../utils/application-query';
import { Avatar } from './avatar';
import { LinkItem } from './list-items';

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
  const status = applicationStatusKey(application.handleResult);
  const pending = application.handleResult === HandleResult.Pending;
  const line = side === 'recv' ? t('groupApplication.toGroup', { group }) : application.reqMsg;
  return (
    <LinkItem
      to={applicationDetailsPath(application, type)}
      prefix={<Avatar name={name} src={face} size={40} />}
      description={line || undefined}
      extra={
        status && (
          <Tag color={pending ? 'primary' : 'default'} fill="outline">
            {t(status)}
          </Tag>
        )
      }
    >
      {name}
    </LinkItem>
  );
}
