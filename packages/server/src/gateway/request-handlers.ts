import {
  backgroundSchema,
  markAsReadSchema,
  pullMsgsSchema,
  revokeSchema,
  typingSchema,
  WsReq,
} from '@im/protocol';
import { parse } from '../http/validate.ts';
import type { Caller } from '../message/message-service.ts';
import type { Messaging } from '../message/messaging.ts';
import type { ClientConnection, RequestHandler } from './client-connection.ts';

function callerOf(conn: ClientConnection): Caller {
  return { userID: conn.auth.userID, platform: conn.auth.platform, connID: conn.connID };
}

/** What each request of the gateway does (docs/sdk.md "Gateway contract"); every data is parsed by its zod schema. */
export function requestHandlers({
  messages,
  revokes,
  conversations,
}: Messaging): Map<number, RequestHandler> {
  return new Map<number, RequestHandler>([
    [WsReq.Heartbeat, async () => ({})],
    [WsReq.GetMaxSeqs, (conn) => conversations.maxSeqs(conn.userID)],
    [WsReq.PullMsgs, (conn, data) => messages.pull(conn.userID, parse(pullMsgsSchema, data))],
    [WsReq.SendMsg, (conn, data) => messages.send(callerOf(conn), data)],
    [
      WsReq.MarkAsRead,
      async (conn, data) => {
        await conversations.markAsRead(callerOf(conn), parse(markAsReadSchema, data));
        return {};
      },
    ],
    [
      WsReq.Typing,
      async (conn, data) => {
        const { recvID, msgTips } = parse(typingSchema, data);
        await messages.typing(callerOf(conn), recvID, msgTips);
        return {};
      },
    ],
    [
      WsReq.Revoke,
      (conn, data) => {
        const { conversationID, seq } = parse(revokeSchema, data);
        return revokes.revoke(callerOf(conn), conversationID, seq);
      },
    ],
    [
      WsReq.SetBackground,
      async (conn, data) => {
        conn.background = parse(backgroundSchema, data).isBackground;
        return {};
      },
    ],
  ]);
}
