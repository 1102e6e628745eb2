import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { Page } from '../../components/page';
import styles from './about-page.module.css';
import { UploadDebugLog } from './upload-debug-log';

/** /about: the app's name and version, and the debug log upload. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('about.title')}>
      <div className={styles.about}>
        <Avatar name={t('app.name').slice(0, 1)} size={72} />
        <p className={styles.name}>{t('app.name')}</p>
        <p className={styles.version}>{t('app.version', { version: __APP_VERSION__ })}</p>
        <p className="hint">{t('about.description')}</p>
      </div>
      <div className={styles.actions}>
        <UploadDebugLog />
      </div>
    </Page>
  );
}
