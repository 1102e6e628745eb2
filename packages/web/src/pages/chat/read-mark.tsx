import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { useReadStateStore } from '../../stores/read-state-store';
import { afterNextPaint } from '../../utils/after-next-paint';
import { readMarkOf } from '../../utils/read-receipts';
import { ReadersPopup } from './readers-popup';
import styles from './receipts.module.css';

/**
 * Under an own message (docs/product.md#read-receipts): 'Unread' or 'Read' in a one-to-one chat; in a
 * group "N unread" (or "All read"), which opens who has read it and who has not.
 */
export function ReadMark({
  message,
  selfID,
  isGroup,
}: {
  message: MessageItem;
  selfID: string;
  isGroup: boolean;
}) {
  const { t } = useTranslation();
  const reads = useReadStateStore((s) => s.byConversation[message.conversationID]);
  const [open, setOpen] = useState(false);
  const mark = readMarkOf(message, reads, selfID, isGroup);
  if (!mark) return null;
  if (mark.kind === 'single')
    return (
      <span className={mark.read ? styles.read : styles.unread}>
        {t(mark.read ? 'receipts.read' : 'receipts.unread')}
      </span>
    );
  return (
    <>
      <button type="button" className={styles.unreadButton} onClick={() => setOpen(true)}>
        {mark.unread > 0 ? t('receipts.groupUnread', { count: mark.unread }) : t('receipts.allRead')}
      </button>
      {open && <ReadersPopup message={message} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Loads the chat's read state when it opens (and again on each open), for its marks. */
export function useReadState(conversationID: string, active: boolean): void {
  const load = useReadStateStore((s) => s.load);
  useEffect(() => {
    if (!active) return undefined;
    // Asked once the chat has painted: the marks can follow its first frame.
    return afterNextPaint(() => {
      load(conversationID).catch((error: unknown) => console.warn('read state not loaded', error));
    });
  }, [conversationID, active, load]);
}
