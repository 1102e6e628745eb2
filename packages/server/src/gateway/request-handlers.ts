import { gatewayRequests, WsReq } from '@im/protocol';
import type { GatewayParsedReq, GatewayRequestID, GatewayResp } from '@im/protocol';
import { parse } from '../http/validate.ts';
import type { Caller } from '../message/message-service.ts';
import type { Messaging } from '../message/messaging.ts';
import type { ClientConnection } from './client-connection.ts';
import type { EncodedAnswer } from './encoded-answer.ts';

/**
 * What request K does: it gets K's data parsed by K's schema and answers K's answer type, both from
 * the gateway table (packages/protocol/src/gateway-table.ts); throws AppError for an error code.
 */
export type GatewayHandler<K extends GatewayRequestID> = (
  conn: ClientConnection,
  data: GatewayParsedReq<K>,
) => Promise<GatewayResp<K> | EncodedAnswer<GatewayResp<K>>>;

/** One handler for every request of the table: a missing or mistyped one does not compile. */
export type GatewayHandlers = { [K in GatewayRequestID]: GatewayHandler<K> };

/** Parses a request's data by its table schema (1001 naming the bad field) and runs its handler. */
export function dispatch<K extends GatewayRequestID>(
  handlers: GatewayHandlers,
  conn: ClientConnection,
  id: K,
  data: unknown,
): Promise<GatewayResp<K> | EncodedAnswer<GatewayResp<K>>> {
  const handler: GatewayHandler<K> = handlers[id];
  // The schema of K parses to K's data; the compiler cannot follow a generic index through zod's types.
  return handler(conn, parse(gatewayRequests[id].schema, data) as GatewayParsedReq<K>);
}

function callerOf(conn: ClientConnection): Caller {
  return { userID: conn.auth.userID, platform: conn.auth.platform, connID: conn.connID };
}

/** What each request of the gateway does (docs/sdk.md "Gateway contract"). */
export function requestHandlers(messaging: Messaging): GatewayHandlers {
  const { messages, revokes, conversations } = messaging;
  return {
    [WsReq.Heartbeat]: async () => ({}),
    [WsReq.GetMaxSeqs]: (conn) => conversations.maxSeqs(conn.userID),
    [WsReq.PullMsgs]: (conn, req) => messages.pull(conn.userID, req),
    [WsReq.SendMsg]: (conn, req) =>
      messages.send({ ...callerOf(conn), orderKept: () => conn.orderKept() }, req),
    [WsReq.MarkAsRead]: async (conn, req) => {
      await conversations.markAsRead(callerOf(conn), req);
      return {};
    },
    [WsReq.Typing]: async (conn, { recvID, msgTips }) => {
      await messages.typing(callerOf(conn), recvID, msgTips);
      return {};
    },
    [WsReq.Revoke]: (conn, { conversationID, seq }) => revokes.revoke(callerOf(conn), conversationID, seq),
    [WsReq.SetBackground]: async (conn, { isBackground }) => {
      conn.background = isBackground;
      return {};
    },
    [WsReq.Edit]: (conn, req) => messaging.edits.edit(callerOf(conn), req),
    [WsReq.React]: (conn, req) => messaging.reactions.react(callerOf(conn), req),
    [WsReq.GetConversationList]: (conn, req) => conversations.list(conn.userID, req),
  };
}
