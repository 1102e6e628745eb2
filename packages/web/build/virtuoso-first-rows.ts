import type { Plugin } from 'vite';

/** react-virtuoso's wait before it scrolls to `initialTopMostItemIndex`, as its build writes it. */
const FOUR_FRAME_WAIT = /\b(\w+)\(4, \(\) => \{/g;

/**
 * Opens a chat's message list at its newest message without react-virtuoso's four-frame wait
 * (docs/decisions.md#first-screen). Given an initial item other than the first, Virtuoso renders no
 * row until four animation frames after it mounted, then scrolls to that item; a chat, which opens
 * at its newest message, showed nothing for those ~65 ms. The list renders its rows with their
 * estimated size and measures them in the frame it mounts in, and lands at the newest message just
 * the same. Fails the build when the installed version no longer has exactly that one wait, so an
 * upgrade cannot drop it unnoticed.
 */
export function virtuosoFirstRows(): Plugin {
  return {
    name: 'virtuoso-first-rows',
    transform(code, id) {
      if (!/react-virtuoso[\\/]dist[\\/]index\.m?js$/.test(id.split('?')[0])) return null;
      return { code: withoutFourFrameWait(code), map: null };
    },
  };
}

export function withoutFourFrameWait(code: string): string {
  const waits = [...code.matchAll(FOUR_FRAME_WAIT)];
  if (waits.length !== 1)
    throw new Error(
      `virtuoso-first-rows: expected one four-frame wait in react-virtuoso, found ${waits.length}; ` +
        'check the new version (docs/decisions.md#first-screen)',
    );
  return code.replace(FOUR_FRAME_WAIT, '$1(0, () => {');
}
