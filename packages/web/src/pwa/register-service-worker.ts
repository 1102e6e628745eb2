import { registerSW } from 'virtual:pwa-register';
import { useAppUpdateStore } from '../stores/app-update-store';

/**
 * Installs the app's service worker (docs/decisions.md#installable-app). A new version found later
 * waits: the update banner asks the user, and only their Reload activates it, so a page never runs
 * half of one build and half of another. Not in the dev server, which has no built worker.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => useAppUpdateStore.getState().setWaiting(() => update(true)),
    onRegisterError: (error: unknown) => console.error('service worker registration failed', error),
  });
}
