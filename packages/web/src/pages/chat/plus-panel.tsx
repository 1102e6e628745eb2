import { EnvironmentOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import styles from './rich.module.css';

interface Props {
  onShareCard: () => void;
  onLocation: () => void;
}

/** The composer's "+" panel: the ways to send something other than typed text. */
export function PlusPanel({ onShareCard, onLocation }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.plusPanel} role="group" aria-label={t('rich.morePanel')}>
      <button type="button" className={styles.plusItem} onClick={onShareCard}>
        <UserContactOutline aria-hidden="true" />
        <span>{t('rich.shareCard')}</span>
      </button>
      <button type="button" className={styles.plusItem} onClick={onLocation}>
        <EnvironmentOutline aria-hidden="true" />
        <span>{t('rich.location')}</span>
      </button>
    </div>
  );
}
