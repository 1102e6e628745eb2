import { useEffect, useState } from 'react';
import { List, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { markFriendApplicationsAccessed } from '../stores/contact-actions';
import { useContactStore } from '../stores/contact-store';
import { EmptyState } from './empty-state';
import { PageLoading } from './page-loading';
import { FriendApplicationRow } from './friend-application-row';

interface Props {
  initialTab?: 'recv' | 'send';
}

/**
 * The friend applications in two tabs, Received and Sent, newest first. While it is shown, the
 * received ones count as opened: the contact tab badge clears (spec §3 accessed applications), and
 * one arriving meanwhile is opened at once too.
 */
export function FriendApplications({ initialTab = 'recv' }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>(initialTab);
  const received = useContactStore((s) => s.recvFriendApplicationList);
  const sent = useContactStore((s) => s.sendFriendApplicationList);
  const loaded = useContactStore((s) => s.loaded);

  useEffect(() => {
    if (tab === 'recv') markFriendApplicationsAccessed();
  }, [tab, received]);

  return (
    <Tabs activeKey={tab} onChange={setTab} stretch>
      <Tabs.Tab key="recv" title={t('applications.received')}>
        {!loaded ? (
          <PageLoading />
        ) : received.length === 0 ? (
          <EmptyState text={t('applications.emptyReceived')} />
        ) : (
          <section aria-label={t('applications.receivedList')}>
            <List>
              {received.map((a) => (
                <FriendApplicationRow key={a.fromUserID} application={a} side="recv" />
              ))}
            </List>
          </section>
        )}
      </Tabs.Tab>
      <Tabs.Tab key="send" title={t('applications.sent')}>
        {!loaded ? (
          <PageLoading />
        ) : sent.length === 0 ? (
          <EmptyState text={t('applications.emptySent')} />
        ) : (
          <section aria-label={t('applications.sentList')}>
            <List>
              {sent.map((a) => (
                <FriendApplicationRow key={a.toUserID} application={a} side="send" />
              ))}
            </List>
          </section>
        )}
      </Tabs.Tab>
    </Tabs>
  );
}
