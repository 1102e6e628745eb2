import { useCallback, useEffect, useRef, useState } from 'react';
import { ContentType } from '@im/protocol';
import { im } from '../../sdk/im';

/** How long a typing notice shows without another one. */
const SHOW_MS = 5000;
/** At most one own typing notice per this interval while the user types. */
const THROTTLE_MS = 3000;

/**
 * Whether the peer is typing: online-only 113 messages from them to us (docs/product.md#incoming-messages,
 * docs/product.md#numbers).
 */
export function usePeerTyping(peerID: string, selfID: string): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!peerID) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = im.on('recvOnlineOnlyMessage', (message) => {
      if (message.contentType !== ContentType.Typing || message.sendID !== peerID) return;
      if (message.recvID && message.recvID !== selfID) return;
      clearTimeout(timer);
      const stopped = message.typingElem?.msgTips === 'no';
      setTyping(!stopped);
      if (!stopped) timer = setTimeout(() => setTyping(false), SHOW_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [peerID, selfID]);
  return typing;
}

/** Tells the peer that the user types, at most once every few seconds (online only, never stored). */
export function useTypingNotifier(peerID: string): () => void {
  const last = useRef(0);
  return useCallback(() => {
    if (!peerID) return;
    const now = Date.now();
    if (now - last.current < THROTTLE_MS) return;
    last.current = now;
    im.messages.typingStatusUpdate({ recvID: peerID, msgTips: 'yes' }).catch(() => undefined);
  }, [peerID]);
}
