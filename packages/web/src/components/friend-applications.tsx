import { markFriendApplicationsAccessed } from '../stores/contact-actions';
import { useContactStore } from '../stores/contact-store';
import { ApplicationTabs } from './application-tabs';
import { FriendApplicationRow } from './friend-application-row';

interface Props {
  initialTab?: 'recv' | 'send';
}

/**
 * The friend applications in two tabs, Received and Sent, newest first. While it is shown, the
 * received ones count as opened: the contact tab badge clears (accessed applications,
 * docs/product.md#device-storage), and one arriving meanwhile is opened at once too.
 */
export function FriendApplications({ initialTab = 'recv' }: Props) {
  const received = useContactStore((s) => s.recvFriendApplicationList);
  const sent = useContactStore((s) => s.sendFriendApplicationList);
  const loaded = useContactStore((s) => s.loaded);

  return (
    <ApplicationTabs
      initialTab={initialTab}
      loaded={loaded}
      markAccessed={markFriendApplicationsAccessed}
      received={{
        list: received,
        empty: 'applications.emptyReceived',
        name: 'applications.receivedList',
        row: (a) => <FriendApplicationRow key={a.fromUserID} application={a} side="recv" />,
      }}
      sent={{
        list: sent,
        empty: 'applications.emptySent',
        name: 'applications.sentList',
        row: (a) => <FriendApplicationRow key={a.toUserID} application={a} side="send" />,
      }}
    />
  );
}
