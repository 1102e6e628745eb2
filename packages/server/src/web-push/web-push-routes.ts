import { PushPath, pushSubscribeSchema, pushUnsubscribeSchema } from '@im/protocol';
import type { VapidPublicKeyResp } from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { SubscriptionStore } from './subscription-store.ts';

/** The Web Push calls on the IM API (IM token; docs/api.md#web-push). */
export function webPushRoutes(app: FastifyInstance, store: SubscriptionStore, publicKey: string): void {
  app.post(PushPath.vapidPublicKey, async () => ok<VapidPublicKeyResp>({ publicKey }));
  app.post(PushPath.subscribe, async (req) => {
    await store.save(req.auth.userID, req.auth.tokenID, parse(pushSubscribeSchema, req.body));
    return ok({});
  });
  app.post(PushPath.unsubscribe, async (req) => {
    await store.remove(req.auth.userID, parse(pushUnsubscribeSchema, req.body).endpoint);
    return ok({});
  });
}
