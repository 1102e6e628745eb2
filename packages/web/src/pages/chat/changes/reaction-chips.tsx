import { useContext } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { ChangesContext, hasReacted } from './changes-context';
import styles from './changes.module.css';

/**
 * Under a bubble: its "edited" mark and one chip per emoji with its count (the user's own
 * highlighted). Tapping a chip opens the sheet of who reacted.
 */
export function MessageChangeMarks({ message }: { message: MessageItem }) {
  const { t } = useTranslation();
  const actions = useContext(ChangesContext);
  const reactions = message.reactions ?? [];
  if (!message.editTime && reactions.length === 0) return null;
  return (
    <>
      {message.editTime ? <span className={styles.edited}>{t('changes.edited')}</span> : null}
      {reactions.length > 0 && (
        <div className={styles.chips} role="group" aria-label={t('changes.reactions')}>
          {reactions.map((r) => (
            <button
              key={r.emoji}
              type="button"
              className={
                actions && hasReacted(message, actions.selfID, r.emoji)
                  ? `${styles.chip} ${styles.mine}`
                  : styles.chip
              }
              aria-label={t('changes.reactionCount', { emoji: r.emoji, count: r.userIDs.length })}
              onClick={() => actions?.showReactors(message)}
            >
              {r.emoji} {r.userIDs.length}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
