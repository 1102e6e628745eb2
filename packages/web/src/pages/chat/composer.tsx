import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button, TextArea, Toast } from 'antd-mobile';
import { SmileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmojiPanel } from './emoji-panel';
import styles from './chat-page.module.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  /** Called on each edit (typing notice). */
  onTyping: () => void;
}

/**
 * The message box: a text area named "Message", an emoji panel and a Send button that stays disabled
 * while the content is empty (spec §5: content cannot be empty). Enter sends, Shift+Enter breaks
 * the line.
 */
export function Composer({ value, onChange, onSend, onTyping }: Props) {
  const { t } = useTranslation();
  const [emojiOpen, setEmojiOpen] = useState(false);
  const inputID = useId();
  const empty = value.trim() === '';

  const send = () => {
    if (empty) {
      Toast.show({ content: t('validation.contentEmpty') });
      return;
    }
    onSend(value);
    onChange('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <div className={styles.composer}>
      <div className={styles.composerRow}>
        <button
          type="button"
          className={styles.emojiToggle}
          aria-label={t('chat.emoji')}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((open) => !open)}
        >
          <SmileOutline aria-hidden="true" />
        </button>
        {/* antd-mobile puts aria-* on its wrapper, not on the textarea: a real label names it. */}
        <label htmlFor={inputID} className="visually-hidden">
          {t('chat.message')}
        </label>
        <TextArea
          id={inputID}
          className={styles.input}
          placeholder={t('chat.message')}
          value={value}
          rows={1}
          autoSize={{ minRows: 1, maxRows: 5 }}
          onChange={(next) => {
            onChange(next);
            if (next) onTyping();
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setEmojiOpen(false)}
        />
        <Button color="primary" size="small" aria-label={t('chat.send')} disabled={empty} onClick={send}>
          {t('chat.send')}
        </Button>
      </div>
      {emojiOpen && <EmojiPanel onPick={(emoji) => onChange(value + emoji)} />}
    </div>
  );
}
