import { useEffect, useState } from 'react';
import { DotLoading, Popup } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { MessageItem, MessageReadersResp, ReaderInfo } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { im } from '../../sdk/im';
import styles from './receipts.module.css';

/** Who has read an own group message and who has not, as the server answers from their hasReadSeq. */
export function ReadersPopup({ message, onClose }: { message: MessageItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<MessageReadersResp | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    im.messages.getMessageReaders({ conversationID: message.conversationID, seq: message.seq }).then(
      (answer) => live && setState(answer),
      (error: unknown) => {
        console.warn('readers not loaded', error);
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [message.conversationID, message.seq]);

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div role="dialog" aria-label={t('receipts.readersTitle')} className={styles.readers}>
        <h2 className={styles.readersTitle}>{t('receipts.readersTitle')}</h2>
        {state === 'loading' && <DotLoading />}
        {state === 'failed' && <p role="alert">{t('receipts.readersFailed')}</p>}
        {typeof state === 'object' && (
          <>
            <People title={t('receipts.readers', { count: state.read.length })} people={state.read} />
            <People title={t('receipts.nonReaders', { count: state.unread.length })} people={state.unread} />
          </>
        )}
      </div>
    </Popup>
  );
}

function People({ title, people }: { title: string; people: ReaderInfo[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <h3 className={styles.groupTitle}>{title}</h3>
      <ul className={styles.people}>
        {people.map((p) => (
          <li key={p.userID} className={styles.person}>
            <Avatar name={p.nickname || p.userID} src={p.faceURL} size={28} />
            <span>{p.nickname || p.userID}</span>
          </li>
        ))}
        {people.length === 0 && <li className={styles.person}>{t('receipts.nobody')}</li>}
      </ul>
    </section>
  );
}
