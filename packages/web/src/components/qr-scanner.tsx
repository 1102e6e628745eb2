import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { Popup, Toast } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { startCameraScan } from '../utils/camera-scan';
import { decodeQrFromFile } from '../utils/qr-decode';
import { parseQrPayload, qrTargetPath } from '../utils/qr-payload';
import styles from './qr.module.css';

interface Props {
  visible: boolean;
  onClose: () => void;
}

/**
 * The QR scanner: the camera (getUserMedia, decoded with jsQR), or a picture chosen from the device.
 * A card of ours (README "QR codes") opens at once; any other code says so and scanning goes on.
 */
export function QrScanner({ visible, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [camera, setCamera] = useState<'starting' | 'scanning' | 'unavailable'>('starting');
  const lastRefused = useRef('');

  const handle = useCallback(
    (text: string) => {
      const target = parseQrPayload(text);
      if (target) {
        onClose();
        void navigate(qrTargetPath(target, { scanned: true }));
        return;
      }
      if (lastRefused.current === text) return; // the same foreign code frame after frame
      lastRefused.current = text;
      Toast.show({ content: t('qr.notOurs') });
    },
    [navigate, onClose, t],
  );
  const onText = useRef(handle);
  useEffect(() => {
    onText.current = handle;
  }, [handle]);

  // The camera runs while the scanner is open (its video element exists only then).
  useEffect(() => {
    if (!visible || !video) return undefined;
    return startCameraScan(video, {
      onStarted: () => setCamera('scanning'),
      onUnavailable: (error) => {
        console.warn('the camera is unavailable', error);
        setCamera('unavailable');
      },
      onText: (text) => onText.current(text),
    });
  }, [visible, video]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const text = await decodeQrFromFile(file);
    if (text) {
      lastRefused.current = '';
      handle(text);
    } else Toast.show({ content: t('qr.noCode') });
  };

  return (
    <Popup
      visible={visible}
      onClose={onClose}
      destroyOnClose
      position="bottom"
      bodyStyle={{ height: '100%' }}
    >
      <div role="dialog" aria-label={t('qr.scan')} className={styles.scanner}>
        <div className={styles.scannerTop}>
          <h2>{t('qr.scan')}</h2>
          <button type="button" className={styles.light} onClick={onClose}>
            {t('qr.close')}
          </button>
        </div>
        <div className={styles.viewport}>
          {camera === 'unavailable' ? (
            <p className={styles.message} role="status">
              {t('qr.cameraUnavailable')}
            </p>
          ) : (
            <>
              <video ref={setVideo} className={styles.video} muted playsInline aria-label={t('qr.camera')} />
              <div className={styles.frame} aria-hidden="true" />
            </>
          )}
        </div>
        <div className={styles.scannerBottom}>
          <p className={styles.message}>{t('qr.scanHint')}</p>
          <label className={styles.pick}>
            {t('qr.fromImage')}
            <input
              type="file"
              accept="image/*"
              className="visually-hidden"
              onChange={(e) => void onFile(e)}
            />
          </label>
        </div>
      </div>
    </Popup>
  );
}
