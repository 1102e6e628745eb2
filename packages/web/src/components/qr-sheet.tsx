import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { Avatar } from './avatar';
import styles from './qr.module.css';

interface Props {
  /** The dialog's name. */
  title: string;
  visible: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A bottom sheet showing a card as a QR code: a dialog named `title`, closed by its Close button. */
export function QrSheet({ title, visible, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div role="dialog" aria-label={title} className={styles.sheet}>
        {children}
        <button type="button" className={styles.close} onClick={onClose}>
          {t('qr.close')}
        </button>
      </div>
    </Popup>
  );
}

/** Whose card the code is: avatar, name and ID. */
export function QrOwner({ name, face, meta }: { name: string; face: string; meta: string }) {
  return (
    <div className={styles.person}>
      <Avatar name={name} src={face} size={48} />
      <div>
        <p className={styles.name}>{name}</p>
        <p className={styles.meta}>{meta}</p>
      </div>
    </div>
  );
}
