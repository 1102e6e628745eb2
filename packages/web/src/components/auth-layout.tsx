import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from '../i18n/use-translation';
import { useGoBack } from '../hooks/use-go-back';
import styles from './auth-layout.module.css';
import { paths } from '../router/paths';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  /** false on /login, the first screen. */
  back?: boolean;
  /** Shown at the top right (the language switch on /login). */
  corner?: ReactNode;
  children: ReactNode;
}

/** The frame of the login, register and forgot-password screens: a big title and a form. */
export function AuthLayout({ title, subtitle, back = true, corner, children }: Props) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.login());
  return (
    <div className={styles.layout}>
      <div className={styles.top}>
        {back ? (
          <button type="button" className={styles.back} aria-label={t('common.back')} onClick={goBack}>
            <LeftOutline aria-hidden="true" />
          </button>
        ) : (
          <span />
        )}
        {corner}
      </div>
      <main className={styles.body}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </main>
    </div>
  );
}

export const authStyles = styles;
