import type { PushLang } from '@im/protocol';
import type { PushSubscriptionJSON } from '@im/sdk';
import { im } from '../sdk/im';

/** This device's choices (docs/product.md#device-storage): notifications on, and with a preview. */
export const PUSH_ENABLED_KEY = 'IM_PUSH_ENABLED';
export const PUSH_PREVIEW_KEY = 'IM_PUSH_PREVIEW';

export type EnableResult = 'enabled' | 'denied' | 'unsupported';

/** Whether this browser can get pushes at all (iPhone Safari only once the app is on the home screen). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushEnabledHere(): boolean {
  return localStorage.getItem(PUSH_ENABLED_KEY) === '1';
}

export function previewHere(): boolean {
  return localStorage.getItem(PUSH_PREVIEW_KEY) !== '0';
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return pushSupported() ? navigator.serviceWorker.getRegistration() : undefined;
}

/**
 * Turns notifications on for this device: asks the browser's permission (only now, when the user
 * chose it, never on load), subscribes with the server's own VAPID key and registers the
 * subscription for this session (docs/product.md#notifications).
 */
export async function enablePush(lang: PushLang): Promise<EnableResult> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const key = applicationServerKey(await im.push.getVapidPublicKey());
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await im.push.subscribe(subscription.toJSON() as PushSubscriptionJSON, { lang, preview: previewHere() });
  localStorage.setItem(PUSH_ENABLED_KEY, '1');
  return 'enabled';
}

/** Tells the server this device's language or preview choice again (same subscription). */
export async function updatePush(lang: PushLang, preview: boolean): Promise<void> {
  localStorage.setItem(PUSH_PREVIEW_KEY, preview ? '1' : '0');
  const subscription = pushEnabledHere() ? await (await registration())?.pushManager.getSubscription() : null;
  if (subscription) await im.push.subscribe(subscription.toJSON() as PushSubscriptionJSON, { lang, preview });
}

/** Turns them off: the server forgets the subscription, and the browser drops it. */
export async function disablePush(): Promise<void> {
  localStorage.removeItem(PUSH_ENABLED_KEY);
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await im.push
    .unsubscribe(subscription.endpoint)
    .catch((error: unknown) => console.error('unsubscribe failed', error));
  await subscription.unsubscribe();
}

/** At logout the server has removed the session's subscription already; the browser's goes too. */
export async function forgetPushOnThisDevice(): Promise<void> {
  localStorage.removeItem(PUSH_ENABLED_KEY);
  const subscription = await (await registration())?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
