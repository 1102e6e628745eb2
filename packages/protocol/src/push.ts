/**
 * Web Push (docs/api.md#web-push): a device's browser subscription, kept per session, and the
 * payload the server sends to it with the operator's own VAPID keys. The service worker turns the
 * payload into a notification with the web's texts, in the language the device subscribed with.
 */
import type { CallMediaType } from './call.ts';
import { ContentType, RecvMsgOpt } from './content-types.ts';

export const PushPath = {
  vapidPublicKey: '/push/vapid_public_key',
  subscribe: '/push/subscribe',
  unsubscribe: '/push/unsubscribe',
} as const;

export const PUSH_LANGS = ['en', 'zh-CN'] as const;
export type PushLang = (typeof PUSH_LANGS)[number];

/** Longest push service URL accepted. */
export const PUSH_ENDPOINT_MAX = 1024;

export interface VapidPublicKeyResp {
  /** The server's VAPID public key, base64url: the `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: string;
}

export type PushKind = 'message' | 'mention' | 'friendApplication' | 'groupApplication' | 'call';

/** What a push carries (encrypted for the device, RFC 8291); at most a few hundred bytes. */
export interface PushPayload {
  v: 1;
  kind: PushKind;
  lang: PushLang;
  /** One notification per tag: `c:<conversationID>`, `call:<roomID>`, `fa`, `ga`. */
  tag: string;
  /** The app path a tap opens. */
  url: string;
  /** Left out when the device chose no preview. */
  senderName?: string;
  groupName?: string;
  /** The message's type: the worker shows its summary label. */
  contentType?: number;
  /** A text message's words, cut to PUSH_TEXT_MAX; left out without preview. */
  text?: string;
  mediaType?: CallMediaType;
}

/** Longest text a push carries. */
export const PUSH_TEXT_MAX = 120;

/** Message types a person is told about: what people write and send, not notices or signals. */
export const NOTIFIED_CONTENT_TYPES: ReadonlySet<number> = new Set<number>([
  ContentType.Text,
  ContentType.Picture,
  ContentType.Voice,
  ContentType.Video,
  ContentType.File,
  ContentType.AtText,
  ContentType.Merge,
  ContentType.Card,
  ContentType.Location,
  ContentType.Face,
  ContentType.Quote,
]);

/**
 * Whether a message may notify its recipient (docs/product.md#notifications), for the server's
 * pushes and the page's own notifications alike: the user's global option must be Normal, and the
 * conversation Normal — or do not disturb, when the message @-mentions the user.
 */
export function mayNotify(options: {
  globalRecvMsgOpt: number;
  recvMsgOpt: number;
  mentioned: boolean;
}): boolean {
  if (options.globalRecvMsgOpt !== RecvMsgOpt.Normal) return false;
  return (
    options.recvMsgOpt === RecvMsgOpt.Normal ||
    (options.recvMsgOpt === RecvMsgOpt.NotNotify && options.mentioned)
  );
}
