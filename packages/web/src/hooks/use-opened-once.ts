import { useState } from 'react';

/**
 * True from the first time `open` is true. A bottom sheet that was never opened renders nothing: a
 * closed antd-mobile Popup still sets up its spring and drag handlers, and a screen such as the chat
 * holds several (docs/decisions.md#first-screen). Once opened it stays mounted, so it animates closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state, set while rendering (React re-renders at once, before the children).
  if (open && !opened) setOpened(true);
  return opened || open;
}
