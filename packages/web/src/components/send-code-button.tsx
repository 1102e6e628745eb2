import { useState } from 'react';
import { Button } from 'antd-mobile';
import { showToast } from '../utils/antd-setup';
import { useTranslation } from '../i18n/use-translation';
import { useCountdown } from '../hooks/use-countdown';
import { showError } from '../utils/show-error';

/** Resend throttle of the server (and of the screen): one code a minute. */
export const RESEND_SECONDS = 60;

interface Props {
  /** Sends the code; resolves false when the form was not valid (nothing sent, no countdown). */
  send: () => Promise<boolean>;
}

/** "Get code", then "Resend in N s" for a minute after each code sent. */
export function SendCodeButton({ send }: Props) {
  const { t } = useTranslation();
  const { remaining, running, start } = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    setSending(true);
    try {
      if (await send()) {
        start();
        showToast({ icon: 'success', content: t('login.codeSent') });
      }
    } catch (error) {
      showError(error, 'sending the code failed');
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="small" color="primary" fill="none" disabled={running} loading={sending} onClick={onClick}>
      {running ? t('login.resendIn', { count: remaining }) : t('login.getCode')}
    </Button>
  );
}
