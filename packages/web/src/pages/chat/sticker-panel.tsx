import { useTranslation } from '../../i18n/use-translation';
import { stickers } from '../../stickers/sticker-set';
import type { Sticker } from '../../stickers/sticker-set';
import styles from './rich.module.css';

/** The built-in stickers, each a button named by the sticker; picking one sends it. */
export function StickerPanel({ onPick }: { onPick: (sticker: Sticker, index: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.stickerPanel} role="group" aria-label={t('rich.stickers')}>
      {stickers.map((sticker, index) => {
        const name = t(`rich.stickerNames.${sticker.id}`);
        return (
          <button
            key={sticker.id}
            type="button"
            className={styles.stickerButton}
            aria-label={t('rich.sticker', { name })}
            onClick={() => onPick(sticker, index)}
          >
            <img src={sticker.src} alt="" />
          </button>
        );
      })}
    </div>
  );
}
