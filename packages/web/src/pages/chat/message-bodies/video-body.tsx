import { useTranslation } from '../../../i18n/use-translation';
import { localMediaOf } from '@im/sdk';
import { formatDuration } from '../../../utils/media-duration';
import type { BodyProps } from './body-props';
import { useObjectUrl } from './use-object-url';
import styles from './message-bodies.module.css';

/** A video (104): its poster frame and duration; it plays inline with the native controls. */
export function VideoBody({ message }: BodyProps) {
  const { t } = useTranslation();
  const media = localMediaOf(message);
  const localVideo = useObjectUrl(media?.file);
  const localPoster = useObjectUrl(media?.snapshot);
  const elem = message.videoElem;
  const duration = formatDuration(elem?.duration ?? 0);
  return (
    <div className={styles.video}>
      {/* A video a person recorded and sent has no captions to offer. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        className={styles.videoPlayer}
        src={localVideo ?? elem?.videoUrl}
        poster={localPoster ?? (elem?.snapshotUrl || undefined)}
        controls
        playsInline
        preload="metadata"
        aria-label={t('media.videoDuration', { duration })}
      />
      <span className={styles.videoDuration} aria-hidden="true">
        {duration}
      </span>
    </div>
  );
}
