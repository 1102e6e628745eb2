import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Button, TextArea, Toast } from 'antd-mobile';
import type { TextAreaRef } from 'antd-mobile';
import { AddCircleOutline, AudioOutline, SmileOutline, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import type { Mention } from '../../utils/at-mentions';
import { AtPicker } from './at-picker';
import type { AtSource } from './at-picker';
import { EmojiPanel } from './emoji-panel';
import { MediaPanel } from './media-panel';
import { StickerPanel } from './sticker-panel';
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
  /** Above the text area (the message being replied to). */
  top?: ReactNode;
  /** Sends a built-in sticker: shows the sticker panel's toggle beside the emoji one. */
  onSticker?: (id: string, index: number) => void;
  /** More of the "+" panel's content, after the media items (it gets a function that closes it). */
  plusPanel?: (close: () => void) => ReactNode;
}

type Panel = 'emoji' | 'sticker' | 'plus' | null;

/**
 * The text area grows with its text up to five lines. Where CSS does it (`field-sizing`), antd-mobile's
 * autoSize is left off: it measured a hidden copy in a layout effect, a forced layout of the whole
 * chat screen in the middle of opening it (docs/decisions.md#first-screen).
 */
const growsItself = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/**
 * The message box: a text area named "Message", an emoji panel and a Send button that stays disabled
 * while the content is empty (docs/product.md#validation). Enter sends, Shift+Enter breaks
 * the line. In a group, typing "@" opens the @ picker. Voice mode swaps the text area for
 * hold-to-talk; the "+" panel holds the media inputs and the other ways to send (card, location).
 */
export function Composer({
  value,
  onChange,
  onSend,
  onTyping,
  blockedText,
  atSource,
  media,
  top,
  onSticker,
  plusPanel,
}: Props) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>(null);
  const [voiceMode, setVoiceMode] = useState(false);
  const flip = (next: Panel) => setPanel((open) => (open === next ? null : next));
  const inputID = useId();
  const input = useRef<TextAreaRef>(null);
  const at = useMentions(input, value, onChange, Boolean(atSource));
  const empty = value.trim() === '';
  const blocked = Boolean(blockedText);
  const hasPlus = Boolean(media || plusPanel);

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
      {top}
      <div className={styles.composerRow}>
        {media && (
          <button
            type="button"
            className={mediaStyles.modeToggle}
            aria-label={voiceMode ? t('media.keyboardMode') : t('media.voiceMode')}
            disabled={blocked}
            onClick={() => {
              setVoiceMode((on) => !on);
              setPanel(null);
            }}
          >
            {voiceMode ? <KeyboardToggleIcon /> : <AudioOutline aria-hidden="true" />}
          </button>
        )}
        <button
          type="button"
          className={styles.emojiToggle}
          aria-label={t('chat.emoji')}
          aria-expanded={panel === 'emoji'}
          disabled={blocked}
          onClick={() => flip('emoji')}
        >
          <SmileOutline aria-hidden="true" />
        </button>
        {onSticker && (
          <button
            type="button"
            className={styles.emojiToggle}
            aria-label={t('rich.stickers')}
            aria-expanded={panel === 'sticker'}
            disabled={blocked}
            onClick={() => flip('sticker')}
          >
            <StarOutline aria-hidden="true" />
          </button>
        )}
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
              className={growsItself ? `${styles.input} ${styles.grows}` : styles.input}
              placeholder={blockedText || t('chat.message')}
              disabled={blocked}
              value={value}
              rows={1}
              autoSize={growsItself ? undefined : { minRows: 1, maxRows: 5 }}
              onChange={(next) => {
                at.edit(next);
                if (next) onTyping();
              }}
              onKeyDown={onKeyDown}
              onFocus={() => setPanel(null)}
            />
          </>
        )}
        {hasPlus && (
          <button
            type="button"
            className={styles.emojiToggle}
            aria-label={t('media.more')}
            aria-expanded={panel === 'plus'}
            disabled={blocked}
            onClick={() => flip('plus')}
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
      {panel === 'plus' && !blocked && (
        <>
          {media && <MediaPanel media={media} />}
          {plusPanel?.(() => setPanel(null))}
        </>
      )}
      {panel === 'emoji' && !blocked && <EmojiPanel onPick={(emoji) => onChange(value + emoji)} />}
      {panel === 'sticker' && !blocked && onSticker && (
        <StickerPanel onPick={(sticker, index) => onSticker(sticker.id, index)} />
      )}
      {atSource && <AtPicker source={atSource} visible={at.picking} onPick={at.pick} onClose={at.close} />}
    </div>
  );
}
