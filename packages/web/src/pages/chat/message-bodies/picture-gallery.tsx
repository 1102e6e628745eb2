import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { ContentType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import styles from './message-bodies.module.css';

type OpenPicture = (clientMsgID: string) => void;

const GalleryContext = createContext<OpenPicture>(() => undefined);

/** The full picture of a picture message, when it has been uploaded. */
function fullUrl(message: MessageItem): string {
  const elem = message.pictureElem;
  return elem?.bigPicture?.url || elem?.sourcePicture.url || '';
}

/**
 * The chat's loaded pictures, for the viewer: tapping one opens antd-mobile's ImageViewer.Multi at it,
 * paging through the others in timeline order, with a save (download) link under each.
 */
export function PictureGallery({
  messages,
  children,
}: {
  messages: readonly MessageItem[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pictures = useMemo(
    () => messages.filter((m) => m.contentType === ContentType.Picture && fullUrl(m)),
    [messages],
  );
  const viewer = useRef<{ close: () => void } | null>(null);
  // Leaving the chat closes the viewer it opened.
  useEffect(() => () => viewer.current?.close(), []);
  const open = useCallback<OpenPicture>(
    (clientMsgID) => {
      const index = pictures.findIndex((m) => m.clientMsgID === clientMsgID);
      if (index < 0) return;
      const images = pictures.map(fullUrl);
      const save = t('media.savePicture');
      viewer.current = ImageViewer.Multi.show({
        images,
        defaultIndex: index,
        classNames: { body: styles.viewer },
        renderFooter: (image) => (
          <div className={styles.viewerFooter}>
            <a className={styles.viewerSave} href={image} download aria-label={save}>
              {save}
            </a>
          </div>
        ),
      });
    },
    [pictures, t],
  );
  return <GalleryContext.Provider value={open}>{children}</GalleryContext.Provider>;
}

export function useOpenPicture(): OpenPicture {
  return useContext(GalleryContext);
}
