/**
 * Type tests of the gateway table (packages/protocol/src/gateway-table.ts) on the server side: checked
 * by `tsc -p packages/server` (npm run typecheck), never run. Each `@ts-expect-error` fails the check
 * if the line below it compiles, so a handler the table does not allow can never slip through.
 */
import { WsReq } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { GatewayHandler, GatewayHandlers } from '../src/gateway/request-handlers.ts';

/** A handler that answers what the table says compiles. */
export const rightAnswer: GatewayHandler<typeof WsReq.GetMaxSeqs> = async () => ({
  maxSeqs: {},
  minSeqs: {},
  hasReadSeqs: {},
});

// @ts-expect-error GetMaxSeqs answers MaxSeqsResp, not an empty object.
export const wrongAnswer: GatewayHandler<typeof WsReq.GetMaxSeqs> = async () => ({});

// @ts-expect-error Revoke answers the notice (a MessageItem), not a list of them.
export const wrongRevoke: GatewayHandler<typeof WsReq.Revoke> = async () => [] as MessageItem[];

/** The handler gets its request's parsed data; a field the request does not have does not compile. */
export const wrongField: GatewayHandler<typeof WsReq.Typing> = async (_conn, data) => {
  // @ts-expect-error Typing's data is { recvID, msgTips }.
  void data.conversationID;
  return {};
};

/** Parsed data has its defaults filled: SendMsg's groupID is a string, never undefined. */
export const parsedDefaults: GatewayHandler<typeof WsReq.SendMsg> = async (_conn, data) => {
  const groupID: string = data.groupID;
  void groupID;
  return {} as MessageItem;
};

declare const handlers: GatewayHandlers;

// @ts-expect-error A table of handlers without Heartbeat is not every request's.
export const missing: GatewayHandlers = {
  [WsReq.GetMaxSeqs]: handlers[WsReq.GetMaxSeqs],
  [WsReq.PullMsgs]: handlers[WsReq.PullMsgs],
  [WsReq.SendMsg]: handlers[WsReq.SendMsg],
  [WsReq.MarkAsRead]: handlers[WsReq.MarkAsRead],
  [WsReq.Typing]: handlers[WsReq.Typing],
  [WsReq.Revoke]: handlers[WsReq.Revoke],
  [WsReq.SetBackground]: handlers[WsReq.SetBackground],
};

export const swapped: GatewayHandlers = {
  ...handlers,
  // @ts-expect-error MarkAsRead's handler cannot stand in for GetMaxSeqs: their answers differ.
  [WsReq.GetMaxSeqs]: handlers[WsReq.MarkAsRead],
};
