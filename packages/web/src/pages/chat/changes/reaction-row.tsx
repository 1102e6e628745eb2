import { useTranslation } from '../../../i18n/use-translation';
import { REACTION_EMOJIS } from '@im/protocol';
import styles from './changes.module.css';

/**
 * The long-press menu's row of REACTION_EMOJIS, each a menu item named "React with 👍"; the ones the
 * user already put on the message are marked (pressed) and picking one again takes it back.
 */
export function ReactionRow({ mine, onReact }: { mine: string[]; onReact: (emoji: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.emojiRow} role="group" aria-label={t('changes.reactions')}>
      {REACTION_EMOJIS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          role="menuitemcheckbox"
          aria-checked={mine.includes(emoji)}
          aria-label={t('changes.reactWith', { emoji })}
          className={mine.includes(emoji) ? `${styles.emojiButton} ${styles.mine}` : styles.emojiButton}
          onClick={() => onReact(emoji)}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
