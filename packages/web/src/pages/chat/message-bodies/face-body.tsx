import { useTranslation } from '../../../i18n/use-translation';
import { stickerByID } from '../../../stickers/sticker-set';
import { summarizeMessage } from '../../../utils/message-summary';
import type { BodyProps } from './body-props';
import styles from './rich-bodies.module.css';

/** 115: the built-in sticker the message names; one this client does not ship shows its label. */
export function FaceBody({ message, selfID }: BodyProps) {
  const { t } = useTranslation();
  const sticker = stickerByID(message.faceElem?.data ?? '');
  if (!sticker) return <span>{summarizeMessage(message, { selfID, t })}</span>;
  const name = t(`rich.stickerNames.${sticker.id}`);
  return <img className={styles.sticker} src={sticker.src} alt={t('rich.sticker', { name })} />;
}
