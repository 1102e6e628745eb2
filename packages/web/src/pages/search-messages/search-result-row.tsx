import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { searchableText } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { HighlightText } from '../../components/highlight-text';
import { useTimeLocale } from '../../hooks/use-time-locale';
import { formatConversationTime } from '../../utils/time-format';
import styles from './search-messages.module.css';

interface Props {
  message: MessageItem;
  keyword: string;
  /** The chat's name, shown when searching across chats. */
  chatName?: string;
  onOpen: (message: MessageItem) => void;
}

/** One found message: its sender, chat and time, and its text with the hits marked. */
export function SearchResultRow({ message, keyword, chatName, onOpen }: Props) {
  const { t } = useTranslation();
  const timeLocale = useTimeLocale();
  const name = message.senderNickname || message.sendID;
  const text = searchableText(message);
  return (
    <List.Item
      className="stretched-item"
      prefix={<Avatar name={name} src={message.senderFaceUrl} size={40} />}
      extra={formatConversationTime(message.sendTime, timeLocale)}
      description={
        <span className={styles.text}>
          <HighlightText text={text} keyword={keyword} />
        </span>
      }
    >
      <button
        type="button"
        className="stretched-link"
        aria-label={t('finder.openResult', { name, text })}
        onClick={() => onOpen(message)}
      >
        {name}
        {chatName ? ` · ${t('finder.inChat', { name: chatName })}` : ''}
      </button>
    </List.Item>
  );
}
