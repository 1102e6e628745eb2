import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useAppUpdateStore } from '../stores/app-update-store';
import styles from './app-banners.module.css';

/** "A new version is available" with Reload, while a new version waits (docs/product.md#installable-app). */
export function UpdateBanner() {
  const { t } = useTranslation();
  const applyUpdate = useAppUpdateStore((s) => s.applyUpdate);
  const [reloading, setReloading] = useState(false);
  if (!applyUpdate) return null;
  const reload = () => {
    setReloading(true);
    applyUpdate().catch((error: unknown) => {
      console.error('activating the new version failed', error);
      setReloading(false);
    });
  };
  return (
    <div className={styles.update} role="status">
      <span className={styles.text}>{t('appShell.updateAvailable')}</span>
      <Button size="mini" color="primary" loading={reloading} onClick={reload}>
        {t('appShell.reload')}
      </Button>
    </div>
  );
}
