import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LeftOutline } from 'antd-mobile-icons';
import { useGoBack } from '../hooks/use-go-back';
import styles from './nav-header.module.css';

interface Props {
  title: ReactNode;
  /** A line under the title (a chat's "typing…"); not part of the heading's name. */
  subtitle?: ReactNode;
  /** false hides the back button (tab screens, the login screen). */
  back?: boolean;
  onBack?: () => void;
  right?: ReactNode;
}

/**
 * The bar at the top of a screen. Hand-made rather than antd-mobile's NavBar, whose left slot is an
 * unnamed role="button" even when empty; here the back button has a name and the title is a heading.
 */
export function NavHeader({ title, subtitle, back = true, onBack, right }: Props) {
  const { t } = useTranslation();
  const defaultBack = useGoBack();
  const goBack = onBack ?? defaultBack;
  return (
    <header className={styles.header}>
      <div className={styles.side}>
        {back && (
          <button type="button" className={styles.back} aria-label={t('common.back')} onClick={goBack}>
            <LeftOutline aria-hidden="true" />
          </button>
        )}
      </div>
      <div className={styles.titleBox}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle}
      </div>
      <div className={`${styles.side} ${styles.right}`}>{right}</div>
    </header>
  );
}
