import { useTranslation } from '../i18n/use-translation';
import { useNetworkStatus } from '../hooks/use-network-status';
import styles from './app-banners.module.css';

/**
 * Says so while the app cannot reach the server (docs/product.md#offline-reading): the device has no
 * network, or the connection was lost and is being retried. Chats keep showing what is stored.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const status = useNetworkStatus();
  if (status === 'online') return null;
  return (
    <div className={styles.offline} role="status">
      <span className={styles.text}>
        {status === 'offline' ? t('appShell.offline') : t('appShell.reconnecting')}
      </span>
    </div>
  );
}
