import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { HandleResult } from '@im/protocol';
import type { FriendApplicationItem } from '../stores/contact-types';
import { ApplicationType, applicationDetailsPath, applicationStatusKey } from '../utils/application-query';
import { Avatar } from './avatar';
import { LinkItem } from './list-items';

interface Props {
  application: FriendApplicationItem;
  /** Received: the applicant is shown; sent: the recipient. */
  side: 'recv' | 'send';
}

/**
 * One friend application: the other user, the verification message and its state (Pending,
 * Approved, Rejected). The row is one link, named by the other user, to /applicationDetails.
 */
export function FriendApplicationRow({ application, side }: Props) {
  const { t } = useTranslation();
  const name =
    side === 'recv'
      ? application.fromNickname || application.fromUserID
      : application.toNickname || application.toUserID;
  const face = side === 'recv' ? application.fromFaceURL : application.toFaceURL;
  const type = side === 'recv' ? ApplicationType.RecvFriend : ApplicationType.SendFriend;
  const status = applicationStatusKey(application.handleResult);
  const pending = application.handleResult === HandleResult.Pending;
  return (
    <LinkItem
      to={applicationDetailsPath(application, type)}
      prefix={<Avatar name={name} src={face} size={40} />}
      description={application.reqMsg || undefined}
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
