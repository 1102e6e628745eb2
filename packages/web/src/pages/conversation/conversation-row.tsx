import { memo } from 'react';
import { Link } from 'react-router';
import { Badge } from 'antd-mobile';
import { DeferredSwipeAction } from '../../components/deferred-swipe-action';
import type { Action } from 'antd-mobile/es/components/swipe-action';
import { BellMuteOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { RecvMsgOpt } from '@im/protocol';
import type { ConversationItem } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { useTimeLocale } from '../../hooks/use-time-locale';
import { formatBadge } from '../../utils/format-badge';
import { conversationPreview } from '../../utils/conversation-preview';
import { formatConversationTime } from '../../utils/time-format';
import styles from './conversation-row.module.css';
import { paths } from '../../router/paths';
import { preloadChats } from './preload-chats';

interface Props {
  item: ConversationItem;
  selfID: string;
  onTogglePin: (item: ConversationItem) => void;
  onMarkRead: (item: ConversationItem) => void;
  onDelete: (item: ConversationItem) => void;
}

/** The name a conversation shows: its showName, else the peer's or group's id. */
export function conversationName(item: ConversationItem): string {
  return item.showName || item.userID || item.groupID || item.conversationID;
}

/**
 * One conversation: avatar with its unread badge, name, time, draft or last message. The whole row
 * is one link named by the conversation (aria-label: the name only); swiping it left shows pin/unpin, mark as read and delete.
 */
export const ConversationRow = memo(function ConversationRow({
  item,
  selfID,
  onTogglePin,
  onMarkRead,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const timeLocale = useTimeLocale();
  const name = conversationName(item);
  const muted = item.recvMsgOpt === RecvMsgOpt.NotNotify;
  const preview = conversationPreview(item, { selfID, t });
  const time = Math.max(item.draftTextTime ?? 0, item.latestMsgSendTime ?? 0);

  const actions: Action[] = [
    {
      key: 'pin',
      text: item.isPinned ? t('conversation.unpin') : t('conversation.pin'),
      color: 'primary',
      onClick: () => onTogglePin(item),
    },
    { key: 'read', text: t('conversation.markRead'), color: 'warning', onClick: () => onMarkRead(item) },
    { key: 'delete', text: t('conversation.delete'), color: 'danger', onClick: () => onDelete(item) },
  ];

  const badge = muted ? (item.unreadCount > 0 ? Badge.dot : undefined) : formatBadge(item.unreadCount);
  const unreadLabel =
    item.unreadCount > 0 ? t('conversation.unread', { count: item.unreadCount }) : undefined;

  return (
    <li aria-label={name} className={item.isPinned ? styles.pinned : undefined}>
      <DeferredSwipeAction rightActions={actions} closeOnAction>
        <Link
          className={styles.row}
          to={paths.chat({ conversationID: item.conversationID })}
          draggable={false}
          // A finger down is a tap on its way: the chat's newest page is read meanwhile.
          onPointerDown={() => preloadChats([item.conversationID])}
        >
          <span className={styles.avatar}>
            <Badge content={badge} aria-label={unreadLabel}>
              <Avatar name={name} src={item.faceURL} size={46} />
            </Badge>
          </span>
          <div className={styles.body}>
            <div className={styles.line}>
              <span className={styles.name}>{name}</span>
              <time className={styles.time} dateTime={time ? new Date(time).toISOString() : undefined}>
                {formatConversationTime(time, timeLocale)}
              </time>
            </div>
            <div className={styles.line}>
              <span className={styles.summary}>
                {preview.prefix && <span className={styles.draft}>{preview.prefix} </span>}
                {preview.text}
              </span>
              {muted && <BellMuteOutline className={styles.muted} aria-label={t('conversation.muted')} />}
            </div>
          </div>
        </Link>
      </DeferredSwipeAction>
    </li>
  );
});
