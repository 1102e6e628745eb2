import { Popup } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { Avatar } from '../../../components/avatar';
import { useTimeLocale } from '../../../hooks/use-time-locale';
import { formatMessageTime } from '../../../utils/time-format';
import type { ComponentType } from 'react';
import type { BodyProps } from './body-props';
import styles from './rich-bodies.module.css';

interface Props {
  /** Renders each message's body (the renderer table's, handed down by message-body.tsx). */
  Body: ComponentType<BodyProps>;
  title: string;
  messages: readonly MessageItem[];
  selfID: string;
  onClose: () => void;
}

/**
 * The merged messages of a 107, full screen and read-only: each with its sender, time and body
 * (no menu, no status). A dialog named by the merge's title, closed by its Close button.
 */
export function MergedView({ Body, title, messages, selfID, onClose }: Props) {
  const { t } = useTranslation();
  const timeLocale = useTimeLocale();
  return (
    <Popup visible position="right" onClose={onClose} bodyStyle={{ width: '100vw' }} destroyOnClose>
      <div role="dialog" aria-label={title} className={styles.mergedView}>
        <header className={styles.mergedHeader}>
          <button type="button" className="text-button" onClick={onClose}>
            {t('rich.close')}
          </button>
          <h2 className={styles.mergedTitle}>{title}</h2>
        </header>
        <ol className={styles.mergedList}>
          {messages.map((message) => {
            const name = message.senderNickname || message.sendID;
            return (
              <li key={message.clientMsgID} className={styles.mergedItem}>
                <Avatar name={name} src={message.senderFaceUrl} size={32} />
                <div className={styles.mergedColumn}>
                  <span className={styles.mergedMeta}>
                    {name} · {formatMessageTime(message.sendTime || message.createTime, timeLocale)}
                  </span>
                  <div className={styles.mergedBody}>
                    <Body message={message} own={message.sendID === selfID} selfID={selfID} />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </Popup>
  );
}
