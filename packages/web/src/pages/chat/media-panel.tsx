import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { CameraOutline, FileOutline, PictureOutline, PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import type { MediaSenders } from './use-send-media';
import styles from './media-composer.module.css';

/** Every file picked in an input, then the input emptied so the same file can be picked again. */
function picked(event: ChangeEvent<HTMLInputElement>): File[] {
  const files = [...(event.target.files ?? [])];
  event.target.value = '';
  return files;
}

/** The "+" panel: Photo (gallery), Camera, Video and File, and "Send original" for pictures. */
export function MediaPanel({ media }: { media: MediaSenders }) {
  const { t } = useTranslation();
  const [original, setOriginal] = useState(false);
  const originalID = useId();
  return (
    <div className={styles.panel} role="group" aria-label={t('media.panel')}>
      <label className={styles.panelItem}>
        <PictureOutline aria-hidden="true" className={styles.panelIcon} />
        <span>{t('media.photo')}</span>
        <input
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          onChange={(event) => picked(event).forEach((file) => media.picture(file, original))}
        />
      </label>
      <label className={styles.panelItem}>
        <CameraOutline aria-hidden="true" className={styles.panelIcon} />
        <span>{t('media.camera')}</span>
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className="visually-hidden"
          onChange={(event) => picked(event).forEach((file) => media.picture(file, original))}
        />
      </label>
      <label className={styles.panelItem}>
        <PlayOutline aria-hidden="true" className={styles.panelIcon} />
        <span>{t('media.videoInput')}</span>
        <input
          type="file"
          accept="video/*"
          className="visually-hidden"
          onChange={(event) => picked(event).forEach((file) => media.video(file))}
        />
      </label>
      <label className={styles.panelItem}>
        <FileOutline aria-hidden="true" className={styles.panelIcon} />
        <span>{t('media.fileInput')}</span>
        <input
          type="file"
          className="visually-hidden"
          onChange={(event) => picked(event).forEach((file) => media.file(file))}
        />
      </label>
      <div className={styles.original}>
        <input
          id={originalID}
          type="checkbox"
          checked={original}
          onChange={(event) => setOriginal(event.target.checked)}
        />
        <label htmlFor={originalID}>{t('media.original')}</label>
      </div>
    </div>
  );
}
