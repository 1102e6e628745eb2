import { useEffect, useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { CALL_RECORD_FILTERS, isMissedCall } from '@im/protocol';
import type { CallRecord, CallRecordFilter } from '@im/protocol';
import { startCall } from '../../call/start-call';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useTimeLocale } from '../../hooks/use-time-locale';
import { im } from '../../sdk/im';
import { callOutcomeText } from '../../utils/call-summary';
import { formatMessageTime } from '../../utils/time-format';
import styles from './call-records.module.css';

/** The records of one tab, loaded when the tab shows (and again when a call ends). */
function useCallRecords(filter: CallRecordFilter) {
  const [records, setRecords] = useState<CallRecord[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => im.on('callEnded', () => setTimeout(() => setVersion((v) => v + 1), 500)), []);
  useEffect(() => {
    let live = true;
    im.calls
      .getCallRecords(filter)
      .then((resp) => live && setRecords(resp.records))
      .catch((error: unknown) => {
        console.error('loading the call records failed', error);
        if (live) setRecords([]);
      });
    return () => {
      live = false;
    };
  }, [filter, version]);
  return records;
}

/**
 * /callRecords: every call of this user, newest first, with the tabs all, missed, incoming and
 * outgoing (docs/product.md#call-flow). Tapping a record calls the peer back with the same media.
 */
export function CallRecordsPage() {
  const { t } = useTranslation();
  const timeLocale = useTimeLocale();
  const [filter, setFilter] = useState<CallRecordFilter>('all');
  const records = useCallRecords(filter);

  return (
    <Page title={t('calls.records')}>
      <Tabs activeKey={filter} onChange={(key) => setFilter(key as CallRecordFilter)}>
        {CALL_RECORD_FILTERS.map((key) => (
          <Tabs.Tab key={key} title={t(`calls.${key}`)} />
        ))}
      </Tabs>
      {records === null ? (
        <PageLoading />
      ) : records.length === 0 ? (
        <EmptyState text={t('calls.empty')} />
      ) : (
        <ul className={styles.list} aria-label={t('calls.records')}>
          {records.map((record) => {
            const name = record.peer.nickname || record.peer.userID;
            const missed = isMissedCall(record);
            const outcome = callOutcomeText(
              record.outcome,
              record.duration,
              record.direction === 'incoming',
              t,
            );
            return (
              <li key={record.roomID} className={styles.row}>
                <button
                  type="button"
                  className={styles.button}
                  aria-label={t('calls.callBack', { name })}
                  onClick={() => startCall(record.peer, record.mediaType)}
                >
                  <Avatar name={name} src={record.peer.faceURL} size={40} />
                  <span className={styles.main}>
                    <span className={styles.name}>{name}</span>
                    <span className={missed ? `${styles.detail} ${styles.missed}` : styles.detail}>
                      {t(record.mediaType === 'video' ? 'calls.video' : 'calls.voice')} ·{' '}
                      {t(record.direction === 'incoming' ? 'calls.incoming' : 'calls.outgoing')} · {outcome}
                    </span>
                  </span>
                  <span className={styles.time}>{formatMessageTime(record.startTime, timeLocale)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
