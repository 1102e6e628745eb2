import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { localMediaOf } from '@im/sdk';
import type { BodyProps } from './body-props';
import { fitSize } from './fit-size';
import { useOpenPicture } from './picture-gallery';
import { useObjectUrl } from './use-object-url';
import styles from './message-bodies.module.css';

/**
 * A picture (102) at its size before it loads (the element carries width and height), a placeholder
 * until it has; the server's thumbnail is shown, the local bytes while uploading. Tapping opens the
 * chat's pictures in the viewer.
 */
export function PictureBody({ message }: BodyProps) {
  const { t } = useTranslation();
  const open = useOpenPicture();
  const [loaded, setLoaded] = useState(false);
  const local = useObjectUrl(localMediaOf(message)?.file);
  const elem = message.pictureElem;
  const thumb = elem?.snapshotPicture?.url ? elem.snapshotPicture : elem?.sourcePicture;
  const size = fitSize(
    elem?.sourcePicture.width ?? thumb?.width,
    elem?.sourcePicture.height ?? thumb?.height,
  );
  const src = local ?? thumb?.url;
  return (
    <button
      type="button"
      className={styles.picture}
      style={size}
      aria-label={t('media.openPicture')}
      onClick={() => open(message.clientMsgID)}
      disabled={Boolean(local)}
    >
      {!loaded && <span className={styles.placeholder} role="img" aria-label={t('media.pictureLoading')} />}
      {src && (
        <img
          src={src}
          alt={t('media.picture')}
          width={size.width}
          height={size.height}
          className={loaded ? styles.pictureImage : `${styles.pictureImage} ${styles.hidden}`}
          onLoad={() => setLoaded(true)}
          draggable={false}
        />
      )}
    </button>
  );
}
