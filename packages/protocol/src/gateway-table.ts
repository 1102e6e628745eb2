import { z } from 'zod';
import type { ConversationItem } from './conversation.ts';
import { WsReq } from './gateway-codes.ts';
import type { WsPush } from './gateway-codes.ts';
import { backgroundSchema, markAsReadSchema, pullMsgsSchema, revokeSchema, typingSchema } from './gateway.ts';
import type { MaxSeqsResp } from './gateway.ts';
import { editSchema, reactSchema } from './change-requests.ts';
import { sendMsgSchema } from './message.ts';
import type { MessageItem } from './message.ts';
import type { NoticeFrame } from './notice.ts';
import { conversationListSchema } from './im-api.ts';
import type { ConversationListResp } from './im-api.ts';

/*
 * The gateway's one table (docs/api.md "Gateway", docs/sdk.md "Gateway contract"): every request
 * identifier with the zod schema its data is parsed with (and so its request type) and its answer's
 * type, and every push with its payload. The server's handlers (src/gateway/request-handlers.ts) and
 * the sdk's Connection.request are typed from here, so a new request is one entry below and the
 * compiler checks both sides. The sdk imports these as types only: no zod reaches the web bundle.
 */

declare const answerType: unique symbol;

/** One request: the schema of its data and, as a type only, its answer's data. */
export interface GatewayRequestEntry<S extends z.ZodType = z.ZodType, R = unknown> {
  schema: S;
  readonly [answerType]?: R;
}

/** `request(schema).answers<R>()`: the entry of a request whose data is parsed by schema and answered with R. */
function request<S extends z.ZodType>(schema: S) {
  return { answers: <R>(): GatewayRequestEntry<S, R> => ({ schema }) };
}

/** The data of a request without fields (a heartbeat) and of an answer without fields. */
export const emptySchema = z.object({});
export type EmptyResp = Record<string, never>;

export interface PullMsgsResp {
  /** Per conversation, in seq order; a conversation with nothing to give is absent. */
  msgs: Record<string, MessageItem[]>;
}

type WsReqID = (typeof WsReq)[keyof typeof WsReq];

/** Every request of the gateway (client → server, answered with the same reqIdentifier). */
export const gatewayRequests = {
  [WsReq.GetMaxSeqs]: request(emptySchema).answers<MaxSeqsResp>(),
  [WsReq.PullMsgs]: request(pullMsgsSchema).answers<PullMsgsResp>(),
  /** The stored message (a resend answers the first copy), or seq 0 when online-only. */
  [WsReq.SendMsg]: request(sendMsgSchema).answers<MessageItem>(),
  [WsReq.MarkAsRead]: request(markAsReadSchema).answers<EmptyResp>(),
  [WsReq.Typing]: request(typingSchema).answers<EmptyResp>(),
  /** The revoke notice (content type 2101) that took the message's place. */
  [WsReq.Revoke]: request(revokeSchema).answers<MessageItem>(),
  [WsReq.SetBackground]: request(backgroundSchema).answers<EmptyResp>(),
  [WsReq.Heartbeat]: request(emptySchema).answers<EmptyResp>(),
  /** The edit notice (2160); the target is rewritten in place. */
  [WsReq.Edit]: request(editSchema).answers<MessageItem>(),
  /** The reaction notice (2161) with the message's reactions after it. */
  [WsReq.React]: request(reactSchema).answers<MessageItem>(),
  /** The page `{ conversations, total }`, the same as the IM API's. */
  [WsReq.GetConversationList]: request(conversationListSchema).answers<ConversationListResp>(),
} as const satisfies Record<WsReqID, GatewayRequestEntry>;

export type GatewayRequests = typeof gatewayRequests;
export type GatewayRequestID = keyof GatewayRequests;
/** What a client sends as the data of request K. */
export type GatewayReq<K extends GatewayRequestID> = z.input<GatewayRequests[K]['schema']>;
/** The data of request K once parsed by its schema (defaults filled): what the server's handler gets. */
export type GatewayParsedReq<K extends GatewayRequestID> = z.output<GatewayRequests[K]['schema']>;
/** The data of the answer to request K. */
export type GatewayResp<K extends GatewayRequestID> =
  GatewayRequests[K] extends GatewayRequestEntry<z.ZodType, infer R> ? R : never;

export function isGatewayRequestID(id: number): id is GatewayRequestID {
  return Object.hasOwn(gatewayRequests, id);
}

/** The payload of every push (server → client, no msgIncr), by the name of its WsPush identifier. */
export interface GatewayPushPayloads {
  NewMessage: MessageItem;
  /** Then close 4001: the session was ended by a newer login on the platform. */
  KickOnline: null;
  /** Then close 4002: the session was revoked (logout, password change). */
  TokenExpired: null;
  /** The user's conversations that changed elsewhere (read, pinned, draft, cleared). */
  ConversationChanged: ConversationItem[];
  /** Typing and other online-only messages that are not stored (seq 0). */
  OnlineOnly: MessageItem;
  /** Friend, group and profile events: `{ event, data }` (notice.ts). */
  Notice: NoticeFrame;
}

/** Every push by identifier; an identifier of WsPush without a payload above does not compile. */
export type GatewayPushes = {
  [N in keyof typeof WsPush as (typeof WsPush)[N]]: GatewayPushPayloads[N];
};
export type GatewayPushID = keyof GatewayPushes;
export type GatewayPush<K extends GatewayPushID> = GatewayPushes[K];

/** A push frame as it arrives: narrowing on reqIdentifier gives its payload type. */
export type GatewayPushFrame = {
  [K in GatewayPushID]: { reqIdentifier: K; data: GatewayPushes[K] };
}[GatewayPushID];
