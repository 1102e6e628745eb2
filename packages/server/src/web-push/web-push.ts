import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../auth/token-service.ts';
import type { Config } from '../config/config.ts';
import type { Presence } from '../presence/presence.ts';
import type { Push } from '../push/push.ts';
import type { Database } from '../storage/database.ts';
import { NotifyingPush } from './notifying-push.ts';
import { SubscriptionStore } from './subscription-store.ts';
import { loadVapidKeys } from './vapid-keys.ts';
import { WebPushDispatch } from './web-push-dispatch.ts';
import { WebPushSender } from './web-push-sender.ts';
import type { WebPushSenderOptions } from './web-push-sender.ts';

export interface WebPush {
  /** The push path to give the areas: sockets as before, plus Web Push for those away. */
  push: Push;
  store: SubscriptionStore;
  publicKey: string;
}

/**
 * The Web Push area (docs/api.md#web-push, docs/operations.md#web-push): the VAPID keys, the
 * subscriptions (removed with their session), the sender and the dispatch wrapped around `push`.
 */
export function createWebPush(
  app: FastifyInstance,
  deps: { config: Config; db: Database; presence: Presence; tokens: TokenService; push: Push },
  options: WebPushSenderOptions = {},
): WebPush {
  const { config, db } = deps;
  const keys = loadVapidKeys(
    { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
    config.DATA_DIR,
  );
  const store = new SubscriptionStore(db);
  const sender = new WebPushSender({ ...keys, subject: config.VAPID_SUBJECT }, store, app.log, options);
  const dispatch = new WebPushDispatch(db, deps.presence, store, sender, app.log);
  deps.tokens.onEnded((event) => {
    store
      .removeSessions(event.tokenIDs)
      .catch((error: unknown) => app.log.warn(error, 'removing push subscriptions failed'));
  });
  app.addHook('onClose', async () => sender.close());
  return { push: new NotifyingPush(deps.push, dispatch), store, publicKey: keys.publicKey };
}
