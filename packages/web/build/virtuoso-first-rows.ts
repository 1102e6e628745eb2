import type { Plugin } from 'vite';

/** react-virtuoso's wait before it scrolls to `initialTopMostItemIndex`, as its build writes it. */
const FOUR_FRAME_WAIT = /\b(\w+)\(4, \(\) => \{/g;
/**
 * Its wait after a scroll to an index for the list to change (then it scrolls again) before it
 * counts the scroll done; until then a list opened at an initial item stays `visibility: hidden`.
 */
const SETTLE_WAIT = /\b(\w+)\(150\)/g;

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
      return { code: withoutSettleWait(withoutFourFrameWait(code)), map: null };
    },
  };
}

function onlyOne(code: string, wait: RegExp, what: string): void {
  const found = [...code.matchAll(wait)].length;
  if (found !== 1)
    throw new Error(
      `virtuoso-first-rows: expected one ${what} in react-virtuoso, found ${found}; ` +
        'check the new version (docs/decisions.md#first-screen)',
    );
}

export function withoutFourFrameWait(code: string): string {
  onlyOne(code, FOUR_FRAME_WAIT, 'four-frame wait');
  return code.replace(FOUR_FRAME_WAIT, '$1(0, () => {');
}

/** What is left of that wait: none (a timer of 0). */
export const SETTLE_MS = 0;

/**
 * The list opened at the newest message shows once the frame that scrolled it there is done, not
 * 150 ms later: its rows are measured in the frame they render in (the message list skips the
 * animation-frame wait of its resize observers), so a change caused by that scroll comes within that
 * frame, before the timer fires; and the message list keeps itself at the newest message while what
 * it shows changes height, until the reader scrolls (message-list.tsx), which covers what later
 * frames bring (docs/decisions.md#first-screen).
 */
export function withoutSettleWait(code: string): string {
  onlyOne(code, SETTLE_WAIT, '150 ms settle wait');
  return code.replace(SETTLE_WAIT, `$1(${SETTLE_MS})`);
}
