import { useContactStore } from '../stores/contact-store';
import { recvGroupApplicationKey } from '../stores/contact-lists';
import { markGroupApplicationsAccessed } from '../stores/group-actions';
import { ApplicationTabs } from './application-tabs';
import { GroupApplicationRow } from './group-application-row';

interface Props {
  initialTab?: 'recv' | 'send';
}

/**
 * The group applications in two tabs, Received (to the groups this user owns or administers) and
 * Sent, newest first. While Received is shown they count as opened: the contact tab badge clears
 * (accessed group applications, docs/product.md#device-storage), and one arriving meanwhile is opened
 * at once too.
 */
export function GroupApplications({ initialTab = 'recv' }: Props) {
  const received = useContactStore((s) => s.recvGroupApplicationList);
  const sent = useContactStore((s) => s.sendGroupApplicationList);
  const loaded = useContactStore((s) => s.groupsLoaded);

  return (
    <ApplicationTabs
      initialTab={initialTab}
      loaded={loaded}
      markAccessed={markGroupApplicationsAccessed}
      received={{
        list: received,
        empty: 'groupApplication.emptyReceived',
        name: 'groupApplication.receivedList',
        row: (a) => <GroupApplicationRow key={recvGroupApplicationKey(a)} application={a} side="recv" />,
      }}
      sent={{
        list: sent,
        empty: 'groupApplication.emptySent',
        name: 'groupApplication.sentList',
        row: (a) => <GroupApplicationRow key={a.groupID} application={a} side="send" />,
      }}
    />
  );
}
