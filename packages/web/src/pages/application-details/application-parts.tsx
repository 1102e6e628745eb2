import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { IdentityCard } from '../../components/identity-card';
import styles from './application-details.module.css';

/** The other side of an application (a user or a group): avatar, name and ID, named by the name. */
export function ApplicantHeader({ name, face, meta }: { name: string; face: string; meta: string }) {
  return <IdentityCard label={name} name={name} face={face} avatarSize={56} meta={[meta]} />;
}

interface ActionsProps {
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
  /** Fields above the buttons (the friend's remark). */
  children?: ReactNode;
}

/** The Accept and Reject buttons of a pending received application. */
export function AnswerActions({ busy, onAccept, onReject, children }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      {children}
      <Button block color="primary" loading={busy} onClick={onAccept}>
        {t('applications.accept')}
      </Button>
      <Button block color="danger" fill="outline" disabled={busy} onClick={onReject}>
        {t('applications.reject')}
      </Button>
    </div>
  );
}
