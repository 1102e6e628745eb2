import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { GroupInfo } from '@im/protocol';
import { groupQrPayload } from '../utils/qr-payload';
import { Avatar } from './avatar';
import { QrCodeImage } from './qr-code-image';
import styles from './qr.module.css';

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
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div role="dialog" aria-label={t('groupSetting.qrCode')} className={styles.sheet}>
        <div className={styles.person}>
          <Avatar name={name} src={group.faceURL} size={48} />
          <div>
            <p className={styles.name}>{name}</p>
            <p className={styles.meta}>{t('group.id', { id: group.groupID })}</p>
          </div>
        </div>
        {visible && (
          <QrCodeImage
            text={groupQrPayload(window.location.origin, group.groupID)}
            label={t('groupSetting.qrOf', { name })}
          />
        )}
        <p className="hint">{t('groupSetting.qrHint')}</p>
        <button type="button" className={styles.close} onClick={onClose}>
          {t('qr.close')}
        </button>
      </div>
    </Popup>
  );
}
