import { DotLoading } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { useUserStore } from '../stores/user-store';
import styles from './sync-overlay.module.css';

/**
 * Full-screen loading with a percentage while a reinstall sync runs (0 < progress < 100,
 * docs/product.md#shell-behaviour).
 */
export function SyncOverlay() {
  const { t } = useTranslation();
  const progress = useUserStore((s) => s.progress);
  if (!(progress > 0 && progress < 100)) return null;
  const percent = Math.round(progress);
  return (
    <div
      className={styles.overlay}
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <DotLoading color="primary" />
      <span>{t('session.syncing', { progress: percent })}</span>
    </div>
  );
}
