import { lazyPage } from './lazy-page';
import { afterFirstScreen, whenIdle } from './first-screen';

/** Screens loaded ahead of being shown (router/prefetch.ts), shared with the route table and the tabs. */
export const ChatPageScreen = lazyPage(() => import('../pages/chat/chat-page'), 'ChatPage');
export const LoginScreen = lazyPage(() => import('../pages/login/login-page'), 'LoginPage', {
  startScreen: true,
});
export const ConversationScreen = lazyPage(
  () => import('../pages/conversation/conversation-page'),
  'ConversationPage',
  { startScreen: true },
);

let prefetched = false;

/**
 * Once the tabs show and the first screen is usable, the chat screen's code is fetched and
 * evaluated, then compiled by rendering its parts off the page (chat-warmup.tsx), so the first tap on
 * a chat shows it at once (docs/decisions.md#first-screen).
 */
export function prefetchChat(): void {
  if (prefetched) return;
  prefetched = true;
  afterFirstScreen(() => {
    void ChatPageScreen.preload()
      .then(() => import('../pages/chat/chat-page'))
      .then(({ warmChatCode }) => warmChatCode(whenIdle))
      .catch(() => undefined);
  });
}
