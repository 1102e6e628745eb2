import { registerSW } from 'virtual:pwa-register';
import { useAppUpdateStore } from '../stores/app-update-store';
import { afterFirstScreen } from '../router/first-screen';
import { reportUserActivity } from './report-user-activity';

/**
 * Installs the app's service worker (docs/decisions.md#installable-app). A new version found later
 * waits: the update banner asks the user, and only their Reload activates it, so a page never runs
 * half of one build and half of another. Not in the dev server, which has no built worker. It
 * registers once the first screen is usable: its precaching must not compete with that screen.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  afterFirstScreen(() => {
    const update = registerSW({
      immediate: true,
      onRegisteredSW: (_url: string, registration?: ServiceWorkerRegistration) => {
        if (registration) reportUserActivity(registration);
      },
      onNeedRefresh: () => useAppUpdateStore.getState().setWaiting(() => update(true)),
      onRegisterError: (error: unknown) => console.error('service worker registration failed', error),
    });
  });
}
