import { SpinLoading } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { MessageStatus } from '@im/protocol';

/** Beside an own bubble: a spinner while sending, a resend button once failed. */
export function MessageStatusMark({ status, onResend }: { status: number; onResend: () => void }) {
  const { t } = useTranslation();
  if (status === MessageStatus.Sending) {
    return (
      <span role="status" aria-label={t('chat.sending')}>
        <SpinLoading style={{ '--size': '16px' }} aria-hidden="true" />
      </span>
    );
  }
  if (status === MessageStatus.Failed) {
    return (
      <button
        type="button"
        className="text-button"
        aria-label={t('chat.resend')}
        title={t('chat.sendFailed')}
        onClick={onResend}
        style={{ color: 'var(--adm-color-danger)', fontSize: 18, padding: 4 }}
      >
        <ExclamationCircleFill aria-hidden="true" />
      </button>
    );
  }
  return null;
}
