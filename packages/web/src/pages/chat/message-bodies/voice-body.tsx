import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import { localMediaOf } from '@im/sdk';
import { showActionError } from '../../../utils/failure-toast';
import type { BodyProps } from './body-props';
import { useObjectUrl } from './use-object-url';
import { playVoice, stopVoice, usePlayingVoice } from './voice-playback';
import { useVoicePlayed } from './voice-played';
import styles from './message-bodies.module.css';

/** Widest bubble at 60 s; the width grows with the duration so lengths read at a glance. */
const MIN_WIDTH = 72;
const MAX_WIDTH = 200;

/**
 * A voice message (103): play/pause with its duration (3″), one playing at a time; a received one
 * keeps an unplayed dot until played here, then a played mark.
 */
export function VoiceBody({ message, own, selfID }: BodyProps) {
  const { t } = useTranslation();
  const playingID = usePlayingVoice();
  const [played, markPlayed] = useVoicePlayed(selfID, message.clientMsgID);
  const local = useObjectUrl(localMediaOf(message)?.file);
  const seconds = message.soundElem?.duration ?? 0;
  const url = local ?? message.soundElem?.sourceUrl;
  const isPlaying = playingID === message.clientMsgID;
  const width = MIN_WIDTH + ((MAX_WIDTH - MIN_WIDTH) * Math.min(seconds, 60)) / 60;

  const toggle = () => {
    if (isPlaying) {
      stopVoice();
      return;
    }
    if (!url) return;
    if (!own) markPlayed();
    playVoice(message.clientMsgID, url).catch((error: unknown) =>
      showActionError(error, 'voice playback failed'),
    );
  };

  return (
    <div className={styles.voiceLine}>
      <button
        type="button"
        className={isPlaying ? `${styles.voice} ${styles.voicePlaying}` : styles.voice}
        style={{ width }}
        aria-label={isPlaying ? t('media.pause') : t('media.play', { seconds })}
        aria-pressed={isPlaying}
        onClick={toggle}
      >
        <SoundOutline aria-hidden="true" />
        <span>{seconds}″</span>
      </button>
      {!own &&
        (played ? (
          <span className={styles.playedMark} role="img" aria-label={t('media.played')} />
        ) : (
          <span className={styles.unplayedDot} role="img" aria-label={t('media.unplayed')} />
        ))}
    </div>
  );
}
