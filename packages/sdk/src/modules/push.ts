import { PushPath } from '@im/protocol';
import type { PushLang, PushSubscribeReq, VapidPublicKeyResp } from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/** What `PushSubscription.toJSON()` gives in a browser. */
export interface PushSubscriptionJSON {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * `im.push` (docs/sdk.md#web-push): this device's Web Push subscription on the server. The page
 * makes the browser subscription (`pushManager.subscribe` with the server's VAPID key) and hands it
 * here; the server sends pushes to it while this session has no socket, and forgets it at logout.
 */
export class PushModule {
  readonly #api: HttpClient;

  constructor(api: HttpClient) {
    this.#api = api;
  }

  /** The server's VAPID public key (base64url), the `applicationServerKey` to subscribe with. */
  async getVapidPublicKey(): Promise<string> {
    return (await this.#api.post<VapidPublicKeyResp>(PushPath.vapidPublicKey, {})).publicKey;
  }

  /** Registers (or updates) this device's subscription, with its language and preview choice. */
  async subscribe(
    subscription: PushSubscriptionJSON,
    options: { lang: PushLang; preview: boolean },
  ): Promise<void> {
    const req: PushSubscribeReq = {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      lang: options.lang,
      preview: options.preview,
    };
    await this.#api.post(PushPath.subscribe, req);
  }

  async unsubscribe(endpoint: string): Promise<void> {
    await this.#api.post(PushPath.unsubscribe, { endpoint });
  }
}
