import { useTranslation } from '../../i18n/use-translation';
import styles from './chat-page.module.css';

/** Common emoji; they are plain text, so they travel in a text message like any character. */
const EMOJI = [...'😀😁😂🤣😊😍😘😜🤔😅😭😡😱😴🙄😎🥳🤗🙏👍👎👏💪👌🤝🎉💔🔥⭐🌹☕🍺🎂😷🤒😇🤪😏', '❤️', '✌️'];

/** A grid of emoji buttons; each is named by its emoji. */
export function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.emojiPanel} role="group" aria-label={t('chat.emoji')}>
      {EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className={styles.emoji}
          aria-label={emoji}
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
