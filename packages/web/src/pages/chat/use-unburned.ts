import { useEffect, useMemo, useState } from 'react';
import type { MessageItem } from '@im/protocol';
import { isBurnedAt } from '../../utils/burn-duration';

/**
 * The chat's messages without the burn-after-reading ones whose time has come: each leaves the
 * screen when its countdown ends, on this clock, without waiting for the server's sweep
 * (docs/product.md#burn-after-reading).
 */
export function useUnburned(messages: readonly MessageItem[]): readonly MessageItem[] {
  const [now, setNow] = useState(() => Date.now());
  const next = messages.reduce(
    (soonest, m) => (m.burnAt && m.burnAt > now && m.burnAt < soonest ? m.burnAt : soonest),
    Number.POSITIVE_INFINITY,
  );
  useEffect(() => {
    if (next === Number.POSITIVE_INFINITY) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [next]);
  return useMemo(
    () => (messages.some((m) => isBurnedAt(m, now)) ? messages.filter((m) => !isBurnedAt(m, now)) : messages),
    [messages, now],
  );
}
