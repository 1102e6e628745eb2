import { lazyPage } from './lazy-page';

/** The chat screen, shared by the route table and the prefetch below. */
export const ChatPageScreen = lazyPage(() => import('../pages/chat/chat-page'), 'ChatPage');

/**
 * Once the tabs show and the browser is idle, the chat screen's code is fetched and evaluated, so
 * the first tap on a chat shows it at once (docs/decisions.md#first-screen).
 */
export function prefetchChatWhenIdle(): () => void {
  const load = () => void ChatPageScreen.preload().catch(() => undefined);
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(load, 500);
  return () => clearTimeout(timer);
}
