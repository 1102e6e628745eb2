import { useEffect, useId, useState } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { TranslationKey } from '../../i18n/keys';
import pickerStyles from '../../components/chat-picker.module.css';
import styles from './rich.module.css';

export interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

type Fix =
  | { state: 'locating' }
  | { state: 'failed'; reason: TranslationKey }
  | { state: 'found'; latitude: number; longitude: number };

/** The browser's position once; a refusal and a missing position each say so in words. */
function locate(onFix: (fix: Fix) => void): void {
  if (!('geolocation' in navigator)) {
    onFix({ state: 'failed', reason: 'rich.locationUnsupported' });
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) =>
      onFix({ state: 'found', latitude: position.coords.latitude, longitude: position.coords.longitude }),
    (error) =>
      onFix({
        state: 'failed',
        reason: error.code === error.PERMISSION_DENIED ? 'rich.locationDenied' : 'rich.locationUnavailable',
      }),
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
  );
}

/**
 * "Location" from the "+" panel: the browser's position with an editable place name, then Send. A
 * dialog named "Location"; without permission it shows why and nothing is sent.
 */
export function LocationSheet({ onSend, onClose }: { onSend: (place: Place) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const nameID = useId();
  const [fix, setFix] = useState<Fix>({ state: 'locating' });
  const [name, setName] = useState('');

  useEffect(() => {
    let live = true;
    locate((next) => {
      if (live) setFix(next);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div role="dialog" aria-label={t('rich.location')} className={pickerStyles.picker}>
        <h2 className={pickerStyles.pickerTitle}>{t('rich.location')}</h2>
        <div className={styles.locationForm}>
          {fix.state === 'locating' && <p role="status">{t('rich.locating')}</p>}
          {fix.state === 'failed' && (
            <p role="alert" className={styles.error}>
              {t(fix.reason)}
            </p>
          )}
          {fix.state === 'found' && (
            <>
              <p>
                {t('rich.coordinates', {
                  latitude: fix.latitude.toFixed(5),
                  longitude: fix.longitude.toFixed(5),
                })}
              </p>
              <label htmlFor={nameID}>{t('rich.placeName')}</label>
              <Input id={nameID} value={name} onChange={setName} clearable />
            </>
          )}
        </div>
        <div className={styles.pickerActions}>
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            disabled={fix.state !== 'found'}
            onClick={() => {
              if (fix.state === 'found')
                onSend({ name: name.trim(), latitude: fix.latitude, longitude: fix.longitude });
            }}
          >
            {t('rich.send')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
