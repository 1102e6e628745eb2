import { useTranslation } from '../i18n/use-translation';
import type { GroupInfo } from '@im/protocol';
import { groupQrPayload } from '../utils/qr-payload';
import { QrCodeImage } from './qr-code-image';
import { QrOwner, QrSheet } from './qr-sheet';

interface Props {
  group: Pick<GroupInfo, 'groupID' | 'groupName' | 'faceURL'>;
  visible: boolean;
  onClose: () => void;
}

/**
 * A group's card as a QR code (README "QR codes": the address of its /groupCard); the scanner on
 * /contactAdd opens that card, where one joins or applies.
 */
export function GroupQrCode({ group, visible, onClose }: Props) {
  const { t } = useTranslation();
  const name = group.groupName || group.groupID;
  return (
    <QrSheet title={t('groupSetting.qrCode')} visible={visible} onClose={onClose}>
      <QrOwner name={name} face={group.faceURL} meta={t('group.id', { id: group.groupID })} />
      {visible && (
        <QrCodeImage
          text={groupQrPayload(window.location.origin, group.groupID)}
          label={t('groupSetting.qrOf', { name })}
        />
      )}
      <p className="hint">{t('groupSetting.qrHint')}</p>
    </QrSheet>
  );
}
