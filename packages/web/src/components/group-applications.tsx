import { useEffect, useState } from 'react';
import { List, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useContactStore } from '../stores/contact-store';
import { recvGroupApplicationKey } from '../stores/contact-lists';
import { markGroupApplicationsAccessed } from '../stores/group-actions';
import { EmptyState } from './empty-state';
import { GroupApplicationRow } from './group-application-row';
import { PageLoading } from './page-loading';

interface Props {
  initialTab?: 'recv' | 'send';
}

/**
 * The group applications in two tabs, Received (to the groups this user owns or administers) and
 * Sent, newest first. While Received is shown they count as opened: the contact tab badge clears
 * (spec §3 accessed group applications), and one arriving meanwhile is opened at once too.
 */
export function GroupApplications({ initialTab = 'recv' }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>(initialTab);
  const received = useContactStore((s) => s.recvGroupApplicationList);
  const sent = useContactStore((s) => s.sendGroupApplicationList);
  const loaded = useContactStore((s) => s.groupsLoaded);

  useEffect(() => {
    if (tab === 'recv') markGroupApplicationsAccessed();
  }, [tab, received]);

  return (
    <Tabs activeKey={tab} onChange={setTab} stretch>
      <Tabs.Tab key="recv" title={t('applications.received')}>
        {!loaded ? (
          <PageLoading />
        ) : received.length === 0 ? (
          <EmptyState text={t('groupApplication.emptyReceived')} />
        ) : (
          <section aria-label={t('groupApplication.receivedList')}>
            <List>
              {received.map((a) => (
                <GroupApplicationRow key={recvGroupApplicationKey(a)} application={a} side="recv" />
              ))}
            </List>
          </section>
        )}
      </Tabs.Tab>
      <Tabs.Tab key="send" title={t('applications.sent')}>
        {!loaded ? (
          <PageLoading />
        ) : sent.length === 0 ? (
          <EmptyState text={t('groupApplication.emptySent')} />
        ) : (
          <section aria-label={t('groupApplication.sentList')}>
            <List>
              {sent.map((a) => (
                <GroupApplicationRow key={a.groupID} application={a} side="send" />
              ))}
            </List>
          </section>
        )}
      </Tabs.Tab>
    </Tabs>
  );
}
