import {
  DownlandOutline,
  FileOutline,
  FolderOutline,
  PictureOutline,
  PlayOutline,
  SoundOutline,
} from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFileSize } from '../../../utils/file-size';
import type { BodyProps } from './body-props';
import styles from './message-bodies.module.css';

/** The icon of a file's type, from its name's extension (the bytes are never opened here). */
function FileTypeIcon({ name }: { name: string }) {
  const props = { className: styles.fileIcon, 'aria-hidden': true } as const;
  if (/\.(png|jpe?g|gif|webp|bmp|svg|heic)$/i.test(name)) return <PictureOutline {...props} />;
  if (/\.(mp4|webm|mov|mkv|avi)$/i.test(name)) return <PlayOutline {...props} />;
  if (/\.(mp3|ogg|opus|wav|m4a|flac|aac)$/i.test(name)) return <SoundOutline {...props} />;
  if (/\.(zip|rar|7z|tar|gz|tgz|bz2|xz)$/i.test(name)) return <FolderOutline {...props} />;
  return <FileOutline {...props} />;
}

/**
 * A file (105): type icon, name, size in 1024 units, and a download link with the original name
 * (the server serves it as an attachment, never inline).
 */
export function FileBody({ message }: BodyProps) {
  const { t } = useTranslation();
  const elem = message.fileElem;
  const name = elem?.fileName ?? '';
  const size = formatFileSize(elem?.fileSize ?? 0);
  return (
    <div className={styles.file} role="group" aria-label={t('media.file', { name, size })}>
      <FileTypeIcon name={name} />
      <div className={styles.fileText}>
        <span className={styles.fileName}>{name}</span>
        <span className={styles.fileSize}>{size}</span>
      </div>
      {elem?.sourceUrl && (
        <a
          className={styles.fileDownload}
          href={elem.sourceUrl}
          download={name}
          aria-label={t('media.download', { name })}
        >
          <DownlandOutline aria-hidden="true" />
        </a>
      )}
    </div>
  );
}
