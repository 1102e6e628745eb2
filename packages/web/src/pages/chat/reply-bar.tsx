import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { summarizeMessage } from '../../utils/message-summary';
import styles from './rich.module.css';

/** Above the composer while replying: who and what is quoted, and a button to stop replying. */
export function ReplyBar({
  message,
  selfID,
  onClose,
}: {
  message: MessageItem;
  selfID: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = message.senderNickname || message.sendID;
  return (
    <div className={styles.replyBar} role="status">
      <div className={styles.replyText}>
        <span className={styles.replyName}>{t('rich.replyingTo', { name })}</span>
        <span className={styles.replySummary}>{summarizeMessage(message, { selfID, t })}</span>
      </div>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('rich.cancelReply')}
        onClick={onClose}
      >
        <CloseOutline aria-hidden="true" />
      </button>
    </div>
  );
}
