import { useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useVoiceRecorder } from './use-voice-recorder';
import styles from './media-composer.module.css';

/** Sliding the finger up this far (CSS px) arms the cancel. */
const CANCEL_DISTANCE = 60;

/**
 * "Hold to talk": pressing starts a recording, releasing sends it, sliding up and releasing cancels
 * it (docs/product.md#media-messages). The last 10 s show a countdown.
 */
export function VoiceRecordButton({ onVoice }: { onVoice: (blob: Blob, seconds: number) => void }) {
  const { t } = useTranslation();
  const recorder = useVoiceRecorder(onVoice);
  const [cancelling, setCancelling] = useState(false);
  const startY = useRef(0);

  const down = (event: PointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    startY.current = event.clientY;
    setCancelling(false);
    recorder.start();
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    if (!recorder.recording) return;
    setCancelling(startY.current - event.clientY > CANCEL_DISTANCE);
  };
  const up = () => {
    recorder.finish(!cancelling);
    setCancelling(false);
  };

  return (
    <>
      <button
        type="button"
        className={recorder.recording ? `${styles.holdToTalk} ${styles.holding}` : styles.holdToTalk}
        aria-label={t('media.record')}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => recorder.finish(false)}
        onContextMenu={(event) => event.preventDefault()}
      >
        {recorder.recording ? t('media.recording') : t('media.recordHint')}
      </button>
      {recorder.recording && (
        <div
          className={cancelling ? `${styles.recordOverlay} ${styles.cancelArmed}` : styles.recordOverlay}
          role="status"
        >
          <span className={styles.recordTime}>
            {recorder.countdown !== null
              ? t('media.countdown', { seconds: recorder.countdown })
              : `0:${String(recorder.elapsed).padStart(2, '0')}`}
          </span>
          <span>{cancelling ? t('media.releaseToCancel') : t('media.recording')}</span>
        </div>
      )}
    </>
  );
}
