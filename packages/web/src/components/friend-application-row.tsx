import type { FriendApplicationItem } from '../stores/contact-types';
import { ApplicationType } from '../utils/application-query';
import { ApplicationLink } from './application-link';
import { paths } from '../router/paths';

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
  const name =
    side === 'recv'
      ? application.fromNickname || application.fromUserID
      : application.toNickname || application.toUserID;
  const face = side === 'recv' ? application.fromFaceURL : application.toFaceURL;
  const type = side === 'recv' ? ApplicationType.RecvFriend : ApplicationType.SendFriend;
  return (
    <ApplicationLink
      to={paths.applicationDetails(application, type)}
      name={name}
      face={face}
      description={application.reqMsg}
      handleResult={application.handleResult}
    />
  );
}
