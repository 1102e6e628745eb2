import { ProgressBar } from 'antd-mobile';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import { im } from '../../../sdk/im';
import styles from './message-bodies.module.css';

/**
 * Under an own media message still uploading: how far it got, and a cancel button (the sdk aborts
 * the upload; the message stays Failed, to be resent with the resend control or deleted).
 */
export function UploadProgress({ clientMsgID, progress }: { clientMsgID: string; progress: number }) {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  return (
    <div className={styles.upload}>
      <div
        className={styles.uploadBar}
        role="progressbar"
        aria-label={t('media.uploading', { percent })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <ProgressBar percent={percent} style={{ '--track-width': '4px' }} />
      </div>
      <button
        type="button"
        className={styles.uploadCancel}
        aria-label={t('media.cancelUpload')}
        onClick={() => im.messages.cancelSend(clientMsgID)}
      >
        <CloseCircleOutline aria-hidden="true" />
      </button>
    </div>
  );
}
