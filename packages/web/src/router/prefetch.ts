import { lazyPage } from './lazy-page';
import { routePath } from './paths';
import { ConversationScreen, LoginScreen } from './screens';

// The tab layout (and with it antd-mobile's TabBar) loads only once logged in; it renders and keeps
// alive the three tab screens itself.
export const TabLayoutScreen = lazyPage(() => import('./tab-layout'), 'TabLayout', { startScreen: true });

/**
 * The code of the screen the app opens on starts loading with the catalogue, before the first
 * render: otherwise the tab layout, then the conversation list would each wait for the one before
 * (docs/decisions.md#first-screen).
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): void {
  const failed = (error: unknown) => console.error('first screen not preloaded', error);
  if (signedIn && (pathname === routePath.root || pathname === routePath.conversation)) {
    TabLayoutScreen.preload().catch(failed);
    ConversationScreen.preload().catch(failed);
  } else if (!signedIn && (pathname === routePath.root || pathname === routePath.login)) {
    LoginScreen.preload().catch(failed);
  }
}

/** The app opens on a first screen (login, the conversation list): the catalogue's start sections do. */
export function opensOnFirstScreen(pathname: string): boolean {
  return pathname === routePath.root || pathname === routePath.login || pathname === routePath.conversation;
}
