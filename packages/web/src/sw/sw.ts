/// <reference lib="webworker" />
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NETWORK_ONLY_PATHS } from './network-only';
import { createPrecachePace, precachePacePlugin, USER_ACTIVE_MESSAGE } from './precache-pace';
import { registerPushHandlers } from './push-handlers';

/**
 * The app's service worker (docs/decisions.md#installable-app). It precaches the app shell so that
 * a second visit, or a start from the home screen without a network, opens at once; page loads are
 * answered with the precached index.html. Everything else — the API, the chat service, the
 * gateway, the room service and uploads — is never cached here: those requests are not routed,
 * so they go to the network as if there were no worker.
 */
declare const self: ServiceWorkerGlobalScope;

const pace = createPrecachePace();
// The install precaches between the user's interactions (precache-pace.ts).
addPlugins([precachePacePlugin(pace)]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NETWORK_ONLY_PATHS }));

// A new version waits until the user chooses to reload (the page's update banner), so one page
// never runs with half of one build and half of another.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === USER_ACTIVE_MESSAGE) pace.noteUserActive();
});

registerPushHandlers(self);
