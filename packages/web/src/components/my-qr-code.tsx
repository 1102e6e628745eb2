import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../stores/user-store';
import { userQrPayload } from '../utils/qr-payload';
import { Avatar } from './avatar';
import { QrCodeImage } from './qr-code-image';
import styles from './qr.module.css';

interface Props {
  visible: boolean;
  onClose: () => void;
}

/** One's own card as a QR code (README "QR codes": the address of one's /userCard). */
export function MyQrCode({ visible, onClose }: Props) {
  const { t } = useTranslation();
  const self = useUserStore((s) => s.selfInfo);
  const name = self?.nickname ?? '';
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div role="dialog" aria-label={t('qr.myCode')} className={styles.sheet}>
        {self && (
          <>
            <div className={styles.person}>
              <Avatar name={name} src={self.faceURL} size={48} />
              <div>
                <p className={styles.name}>{name}</p>
                <p className={styles.meta}>{t('profile.id', { id: self.userID })}</p>
              </div>
            </div>
            <QrCodeImage
              text={userQrPayload(window.location.origin, self.userID)}
              label={t('qr.codeOf', { name })}
            />
            <p className="hint">{t('qr.hint')}</p>
          </>
        )}
        <button type="button" className={styles.close} onClick={onClose}>
          {t('qr.close')}
        </button>
      </div>
    </Popup>
  );
}
