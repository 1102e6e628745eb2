import { createContext, useEffect, useRef } from 'react';
import type { MessageItem } from '@im/protocol';

/** The clientMsgID of the message a search opened the chat at (aria-current on its row), or null. */
export const FocusedMessageContext = createContext<string | null>(null);

/** How long the message a search opened stays visibly marked. */
const FOCUS_MARK_MS = 4000;

/**
 * The message a search result opened the chat at (`focusSeq`): where the list starts (its index,
 * centred) and, once it is shown, marked for a moment like a quote's original
 * (docs/product.md#search).
 */
export function useFocusedMessage(
  history: { messages: readonly MessageItem[] },
  focusSeq: number | undefined,
  highlight: (clientMsgID: string | null) => void,
) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const marked = useRef<string | null>(null);
  const index = focusSeq ? history.messages.findIndex((m) => m.seq === focusSeq) : -1;
  const focusedID = index >= 0 ? history.messages[index].clientMsgID : undefined;
  useEffect(() => {
    // Once per result opened (a kept-alive chat may open at another one later).
    if (!focusedID || marked.current === focusedID) return;
    marked.current = focusedID;
    highlight(focusedID);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => highlight(null), FOCUS_MARK_MS);
  }, [focusedID, highlight]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { initialIndex: index >= 0 ? index : undefined, focusedID: focusedID ?? null };
}
