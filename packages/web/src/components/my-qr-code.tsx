import { useTranslation } from '../i18n/use-translation';
import { useUserStore } from '../stores/user-store';
import { userQrPayload } from '../utils/qr-payload';
import { QrCodeImage } from './qr-code-image';
import { QrOwner, QrSheet } from './qr-sheet';

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
    <QrSheet title={t('qr.myCode')} visible={visible} onClose={onClose}>
      {self && (
        <>
          <QrOwner name={name} face={self.faceURL} meta={t('profile.id', { id: self.userID })} />
          <QrCodeImage
            text={userQrPayload(window.location.origin, self.userID)}
            label={t('qr.codeOf', { name })}
          />
          <p className="hint">{t('qr.hint')}</p>
        </>
      )}
    </QrSheet>
  );
}
