import { createElement } from 'react';
import type { SwipeActionProps } from 'antd-mobile/es/components/swipe-action';
import { deferredModule } from '../utils/deferred-module';

const swipeAction = deferredModule(() =>
  import('antd-mobile/es/components/swipe-action').then((module) => module.default),
);

/**
 * antd-mobile's SwipeAction once it has loaded after the first screen; until then the row alone,
 * which looks the same at rest (the actions sit outside the row until it is swiped).
 */
/**
 * The rows' swipe actions are about to be needed: keyboard focus on the list (`:focus-visible`). Not
 * a tap, though it focuses the row's link too: it opens a chat, and loading and rendering them then
 * slowed the open down (docs/decisions.md#first-screen).
 */
export function loadSwipeActionsOnKeyboardFocus(event: { target: EventTarget }): void {
  if (event.target instanceof Element && event.target.matches(':focus-visible')) swipeAction.loadNow();
}

export function DeferredSwipeAction(props: SwipeActionProps) {
  const SwipeAction = swipeAction.use();
  // The same component every render once loaded (a module's export), so its state is kept.
  return SwipeAction ? createElement(SwipeAction, props) : <>{props.children}</>;
}
