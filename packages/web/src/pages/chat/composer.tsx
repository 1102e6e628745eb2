import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button, TextArea, Toast } from 'antd-mobile';
import type { TextAreaRef } from 'antd-mobile';
import { AddCircleOutline, AudioOutline, SmileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Mention } from '../../utils/at-mentions';
import { AtPicker } from './at-picker';
import type { AtSource } from './at-picker';
import { EmojiPanel } from './emoji-panel';
import { MediaPanel } from './media-panel';
import type { MediaSenders } from './use-send-media';
import { VoiceRecordButton } from './voice-record-button';
import { KeyboardToggleIcon } from './keyboard-toggle-icon';
import mediaStyles from './media-composer.module.css';
import { useMentions } from './use-mentions';
import styles from './chat-page.module.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The text, and the members picked in the @ picker (a group chat). */
  onSend: (text: string, mentions: Mention[]) => void;
  /** Called on each edit (typing notice). */
  onTyping: () => void;
  /**
   * Why sending is blocked (docs/product.md#composer): shown as the placeholder, with the text area
   * and Send disabled.
   */
  blockedText?: string;
  /** A group chat's members: typing "@" opens the picker. */
  atSource?: AtSource;
  /** Pictures, video, files and voice (the "+" panel and hold-to-talk); absent: text only. */
  media?: MediaSenders;
}

/**
 * The message box: a text area named "Message", an emoji panel and a Send button that stays disabled
 * while the content is empty (docs/product.md#validation). Enter sends, Shift+Enter breaks
 * the line. In a group, typing "@" opens the @ picker.
 */
export function Composer({ value, onChange, onSend, onTyping, blockedText, atSource, media }: Props) {
  const { t } = useTranslation();
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [voiceMode, setVoiceMode] = useState(false);
  const inputID = useId();
  const input = useRef<TextAreaRef>(null);
  const at = useMentions(input, value, onChange, Boolean(atSource));
  const empty = value.trim() === '';
  const blocked = Boolean(blockedText);

  const send = () => {
    if (blocked) return;
    if (empty) {
      Toast.show({ content: t('validation.contentEmpty') });
      return;
    }
    onSend(value, at.take());
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
        {media && (
          <button
            type="button"
            className={mediaStyles.modeToggle}
            aria-label={voiceMode ? t('media.keyboardMode') : t('media.voiceMode')}
            disabled={blocked}
            onClick={() => {
              setVoiceMode((on) => !on);
              setEmojiOpen(false);
              setPanelOpen(false);
            }}
          >
            {voiceMode ? <KeyboardToggleIcon /> : <AudioOutline aria-hidden="true" />}
          </button>
        )}
        <button
          type="button"
          className={styles.emojiToggle}
          aria-label={t('chat.emoji')}
          aria-expanded={emojiOpen}
          disabled={blocked}
          onClick={() => {
            setEmojiOpen((open) => !open);
            setPanelOpen(false);
          }}
        >
          <SmileOutline aria-hidden="true" />
        </button>
        {media && voiceMode && !blocked ? (
          <VoiceRecordButton onVoice={media.voice} />
        ) : (
          <>
            {/* antd-mobile puts aria-* on its wrapper, not on the textarea: a real label names it. */}
            <label htmlFor={inputID} className="visually-hidden">
              {t('chat.message')}
            </label>
            <TextArea
              ref={input}
              id={inputID}
              className={styles.input}
              placeholder={blockedText || t('chat.message')}
              disabled={blocked}
              value={value}
              rows={1}
              autoSize={{ minRows: 1, maxRows: 5 }}
              onChange={(next) => {
                at.edit(next);
                if (next) onTyping();
              }}
              onKeyDown={onKeyDown}
              onFocus={() => {
                setEmojiOpen(false);
                setPanelOpen(false);
              }}
            />
          </>
        )}
        {media && (
          <button
            type="button"
            className={styles.emojiToggle}
            aria-label={t('media.more')}
            aria-expanded={panelOpen}
            disabled={blocked}
            onClick={() => {
              setPanelOpen((open) => !open);
              setEmojiOpen(false);
            }}
          >
            <AddCircleOutline aria-hidden="true" />
          </button>
        )}
        <Button
          color="primary"
          size="small"
          aria-label={t('chat.send')}
          disabled={empty || blocked}
          onClick={send}
        >
          {t('chat.send')}
        </Button>
      </div>
      {media && panelOpen && !blocked && <MediaPanel media={media} />}
      {emojiOpen && !blocked && <EmojiPanel onPick={(emoji) => onChange(value + emoji)} />}
      {atSource && <AtPicker source={atSource} visible={at.picking} onPick={at.pick} onClose={at.close} />}
    </div>
  );
}
