import { useTranslation } from '../../../i18n/use-translation';
import { ContentType } from '@im/protocol';
import { MessageText } from '../../../components/message-text';
import { summarizeMessage } from '../../../utils/message-summary';
import type { BodyProps } from './body-props';
import { useChatView } from './chat-view-context';
import styles from './rich-bodies.module.css';

/**
 * 114: the reply's text above the quoted message (its sender and text, or its type's label). Tapping
 * the quote scrolls to the original when it is loaded; a revoked original shows that instead.
 */
export function QuoteBody({ message, selfID }: BodyProps) {
  const { t } = useTranslation();
  const view = useChatView();
  const quoted = message.quoteElem?.quoteMessage;
  const original = quoted ? view.find(quoted.clientMsgID) : undefined;
  const revoked = original?.contentType === ContentType.Revoke;
  const name = quoted ? quoted.senderNickname || quoted.sendID : '';
  return (
    <>
      <MessageText text={message.quoteElem?.text ?? ''} />
      {quoted && (
        <button
          type="button"
          className={styles.quote}
          aria-label={t('rich.quoteOf', { name })}
          onClick={(event) => {
            event.stopPropagation();
            if (original) view.scrollTo(quoted.clientMsgID);
          }}
        >
          {revoked ? (
            <span>{t('rich.quoteRevoked')}</span>
          ) : (
            <>
              <span className={styles.quoteName}>{name}</span>
              <span className={styles.quoteText}>{summarizeMessage(quoted, { selfID, t })}</span>
            </>
          )}
        </button>
      )}
    </>
  );
}
