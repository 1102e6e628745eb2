import { useCallback, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { TextAreaRef } from 'antd-mobile';
import { insertMention, typedAt } from '../../utils/at-mentions';
import type { Mention } from '../../utils/at-mentions';

/**
 * The composer's @ mentions: typing "@" opens the picker (when the chat has one); a pick writes
 * "@name " where the "@" was and remembers the member, so the send becomes an at-text.
 */
export function useMentions(
  input: RefObject<TextAreaRef | null>,
  value: string,
  onChange: (value: string) => void,
  enabled: boolean,
) {
  const [picking, setPicking] = useState<number | null>(null);
  const mentions = useRef<Mention[]>([]);

  /** An edit of the text: opens the picker when it typed a "@". */
  const edit = (next: string) => {
    const caret = input.current?.nativeElement?.selectionStart ?? next.length;
    if (enabled && typedAt(value, next, caret)) setPicking(caret);
    onChange(next);
  };

  const pick = (mention: Mention) => {
    const caret = picking ?? value.length;
    setPicking(null);
    const result = insertMention(value, caret, mention.name);
    mentions.current = [...mentions.current, mention];
    onChange(result.text);
    requestAnimationFrame(() => {
      const element = input.current?.nativeElement;
      if (!element) return;
      element.focus();
      element.setSelectionRange(result.caret, result.caret);
    });
  };

  /** The mentions of the text being sent; the next message starts with none. */
  const take = useCallback(() => {
    const taken = mentions.current;
    mentions.current = [];
    return taken;
  }, []);

  return { picking: picking !== null, pick, close: () => setPicking(null), edit, take };
}
