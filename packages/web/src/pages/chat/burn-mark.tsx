import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { formatCountdown } from '../../utils/burn-duration';
import styles from './receipts.module.css';

/**
 * Under a burn-after-reading message, for both users (docs/product.md#burn-after-reading): its mark
 * until the peer reads it, then the countdown to its burning, by the server's burnAt.
 */
export function BurnMark({ message }: { message: MessageItem }) {
  const { t } = useTranslation();
  const burnAt = message.burnAt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!burnAt) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [burnAt]);
  if (!message.burnDuration) return null;
  if (!burnAt) return <span className={styles.burn}>🔥 {t('burn.mark')}</span>;
  return (
    <span className={styles.burn} role="timer">
      🔥 {t('burn.countdown', { time: formatCountdown(burnAt - now) })}
    </span>
  );
}
