import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { List, Tabs } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import type { TranslationKey } from '../i18n/keys';
import { EmptyState } from './empty-state';
import { PageLoading } from './page-loading';

interface Side<A> {
  list: A[];
  /** The text when the list is empty. */
  empty: TranslationKey;
  /** The list's accessible name. */
  name: TranslationKey;
  row: (application: A) => ReactNode;
}

interface Props<R, S> {
  initialTab: 'recv' | 'send';
  loaded: boolean;
  received: Side<R>;
  sent: Side<S>;
  /** Marks the received applications opened; called while Received is shown and as they change. */
  markAccessed: () => void;
}

/** Applications in two tabs, Received and Sent, each a named list (or loading, or empty). */
export function ApplicationTabs<R, S>({ initialTab, loaded, received, sent, markAccessed }: Props<R, S>) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>(initialTab);
  const receivedList = received.list;

  useEffect(() => {
    if (tab === 'recv') markAccessed();
  }, [tab, receivedList, markAccessed]);

  return (
    <Tabs activeKey={tab} onChange={setTab} stretch>
      <Tabs.Tab key="recv" title={t('applications.received')}>
        <TabBody loaded={loaded} side={received} />
      </Tabs.Tab>
      <Tabs.Tab key="send" title={t('applications.sent')}>
        <TabBody loaded={loaded} side={sent} />
      </Tabs.Tab>
    </Tabs>
  );
}

function TabBody<A>({ loaded, side }: { loaded: boolean; side: Side<A> }) {
  const { t } = useTranslation();
  if (!loaded) return <PageLoading />;
  if (side.list.length === 0) return <EmptyState text={t(side.empty)} />;
  return (
    <section aria-label={t(side.name)}>
      <List>{side.list.map(side.row)}</List>
    </section>
  );
}
