/**
 * The zod schemas of the Web Push calls (docs/api.md#web-push); the values and types the web uses
 * are in push.ts, which carries no zod.
 */
import { z } from 'zod';
import { PUSH_ENDPOINT_MAX, PUSH_LANGS } from './push.ts';

const endpoint = z.url({ protocol: /^https$/ }).max(PUSH_ENDPOINT_MAX);
/** base64url, as `PushSubscription.toJSON()` gives the keys (65-byte P-256 point, 16-byte secret). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const pushSubscribeSchema = z.object({
  subscription: z.object({
    endpoint,
    keys: z.object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }),
  }),
  lang: z.enum(PUSH_LANGS),
  /** Whether the notification may show the sender and the text; false shows only "New message". */
  preview: z.boolean(),
});
export type PushSubscribeReq = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX) });
export type PushUnsubscribeReq = z.infer<typeof pushUnsubscribeSchema>;
