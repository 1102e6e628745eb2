import { lazyPage } from './lazy-page';
import { afterFirstScreen, inIdlePeriods, whenIdle } from './first-screen';

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
 * The chat's libraries, in files of their own (vite.config.ts): the swipe action the list's rows
 * load, with the animation and gesture code the chat shares, then the history list.
 */
const chatLibraries: ReadonlyArray<() => Promise<unknown>> = [
  () => import('antd-mobile/es/components/swipe-action'),
  () => import('react-virtuoso'),
];

/**
 * Once the tabs show and the first screen is usable, the chat screen's code is fetched and
 * evaluated in parts, its libraries first, one per idle period, so no one task holds all of it. It
 * is then compiled by rendering its parts off the page (chat-warmup.tsx), so the first tap on a
 * chat shows it at once (docs/decisions.md#first-screen).
 */
export function prefetchChat(): void {
  if (prefetched) return;
  prefetched = true;
  afterFirstScreen(() => {
    void inIdlePeriods(chatLibraries)
      .then(() => ChatPageScreen.preload())
      .then(() => import('../pages/chat/chat-page'))
      .then(({ warmChatCode }) => warmChatCode(whenIdle))
      .catch(() => undefined);
  });
}
