import { memo, useContext } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isNotification, MessageStatus, SessionType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { localMediaOf } from '@im/sdk';
import { Avatar } from '../../components/avatar';
import { useLongPress } from '../../hooks/use-long-press';
import { useTimeLocale } from '../../hooks/use-time-locale';
import { summarizeMessage } from '../../utils/message-summary';
import { formatMessageTime } from '../../utils/time-format';
import { bareBodies, UploadProgress } from './message-bodies';
import { RowStateContext } from './message-bodies/chat-view-context';
import { FocusedMessageContext } from './use-focused-message';
import { MessageBody } from './message-bodies/message-body';
import { MessageStatusMark } from './message-status';
import { MessageChangeMarks } from './changes/reaction-chips';
import styles from './message-row.module.css';
import { BurnMark } from './burn-mark';
import { ReadMark } from './read-mark';
import receiptStyles from './receipts.module.css';

/** A time line shows above a message that comes this long after the one before it. */
const SEPARATOR_GAP_MS = 5 * 60 * 1000;

interface Props {
  message: MessageItem;
  previous: MessageItem | undefined;
  selfID: string;
  showSenderName: boolean;
  onMenu: (message: MessageItem) => void;
  onResend: (clientMsgID: string) => void;
  /** A group: tapping a peer's avatar opens their card (as the group allows). */
  onAvatar?: (userID: string) => void;
}

const timeOf = (m: MessageItem) => m.sendTime || m.createTime;

/** One message: a time separator when due, then a notice line or a bubble with avatar. */
export const MessageRow = memo(function MessageRow({
  message,
  previous,
  selfID,
  showSenderName,
  onMenu,
  onResend,
  onAvatar,
}: Props) {
  const { t } = useTranslation();
  const timeLocale = useTimeLocale();
  const rows = useContext(RowStateContext);
  const focusedID = useContext(FocusedMessageContext);
  const press = useLongPress(() => onMenu(message));
  const own = message.sendID === selfID;
  const showTime = !previous || timeOf(message) - timeOf(previous) > SEPARATOR_GAP_MS;
  const name = message.senderNickname || message.sendID;

  let body;
  if (isNotification(message.contentType)) {
    body = <p className={styles.notice}>{summarizeMessage(message, { selfID, t })}</p>;
  } else {
    const upload = own && message.status === MessageStatus.Sending ? localMediaOf(message) : undefined;
    const bubbleClass = bareBodies.has(message.contentType)
      ? `${styles.bubble} ${styles.bare}`
      : styles.bubble;
    body = (
      <div className={own ? `${styles.row} ${styles.own}` : styles.row}>
        {rows.selecting && (
          <input
            type="checkbox"
            className={styles.select}
            aria-label={t('rich.selectMessage', { text: summarizeMessage(message, { selfID, t }) })}
            checked={rows.selected.has(message.clientMsgID)}
            onChange={() => rows.toggle(message.clientMsgID)}
          />
        )}
        {onAvatar && !own ? (
          <button
            type="button"
            className={styles.avatarButton}
            aria-label={t('group.viewMember', { name })}
            onClick={() => onAvatar(message.sendID)}
          >
            <Avatar name={name} src={message.senderFaceUrl} size={38} />
          </button>
        ) : (
          <Avatar name={name} src={message.senderFaceUrl} size={38} />
        )}
        <div className={styles.column}>
          {showSenderName && !own && <span className={styles.sender}>{name}</span>}
          <div className={styles.line}>
            <div className={bubbleClass} {...(rows.selecting ? {} : press)}>
              <MessageBody message={message} own={own} selfID={selfID} />
            </div>
            {own && (
              <MessageStatusMark status={message.status} onResend={() => onResend(message.clientMsgID)} />
            )}
          </div>
          <MessageChangeMarks message={message} />
          {(message.burnDuration || (own && message.seq > 0)) && (
            <div className={receiptStyles.footer}>
              <BurnMark message={message} />
              {own && (
                <ReadMark
                  message={message}
                  selfID={selfID}
                  isGroup={message.sessionType === SessionType.Group}
                />
              )}
            </div>
          )}
          {upload && <UploadProgress clientMsgID={message.clientMsgID} progress={upload.progress} />}
        </div>
      </div>
    );
  }

  const marked = rows.highlightID === message.clientMsgID;
  return (
    <div
      className={marked ? `${styles.item} ${styles.highlight}` : styles.item}
      // The message a search result opened the chat at, for assistive technology too.
      aria-current={focusedID === message.clientMsgID ? 'true' : undefined}
      data-message-id={message.clientMsgID}
    >
      {showTime && <p className={styles.time}>{formatMessageTime(timeOf(message), timeLocale)}</p>}
      {body}
    </div>
  );
});
