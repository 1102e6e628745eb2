/// <reference lib="webworker" />
import type { PushPayload } from '@im/protocol';
import { en } from '../i18n/locales/en';
import { zhCN } from '../i18n/locales/zh-CN';
import { notificationText } from '../pwa/notification-text';
import { catalogueTranslate } from './catalogue-translate';

function readPayload(data: PushMessageData | null): PushPayload | null {
  try {
    const payload = data?.json() as PushPayload | undefined;
    return payload?.v === 1 && typeof payload.tag === 'string' && typeof payload.url === 'string'
      ? payload
      : null;
  } catch {
    return null;
  }
}

async function show(sw: ServiceWorkerGlobalScope, payload: PushPayload): Promise<void> {
  const { title, body } = notificationText(payload, catalogueTranslate(payload.lang === 'zh-CN' ? zhCN : en));
  const options: NotificationOptions & { renotify: boolean } = {
    body,
    // One notification per chat (or call): a newer one replaces it and alerts again.
    tag: payload.tag,
    renotify: true,
    icon: '/icon-192.png',
    data: { url: payload.url },
    requireInteraction: payload.kind === 'call',
  };
  await sw.registration.showNotification(title, options);
}

/** Brings the app to the notification's screen: an open window goes there, else a new one opens. */
async function openApp(sw: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const target = new URL(url, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    const moved = client.url === target ? client : await client.navigate(target).catch(() => null);
    if (!moved) continue;
    await moved.focus().catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(target);
}

/**
 * Web Push in the worker (docs/product.md#notifications): a push becomes a notification with the
 * app's texts in the device's language, one per chat; a tap opens the app at that chat, at the
 * applications, or at the incoming call.
 */
export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    if (payload) event.waitUntil(show(sw, payload));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: unknown } | null)?.url;
    event.waitUntil(openApp(sw, typeof url === 'string' && url.startsWith('/') ? url : '/'));
  });
}
