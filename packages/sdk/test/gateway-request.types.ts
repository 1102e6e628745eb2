/**
 * Type tests of Connection.request against the gateway table (packages/protocol/src/gateway-table.ts):
 * checked by `tsc -p packages/sdk` (npm run typecheck), never run. Each `@ts-expect-error` fails the
 * check if the line below it compiles.
 */
import { WsReq } from '@im/protocol';
import type { MaxSeqsResp, MessageItem } from '@im/protocol';
import type { Connection } from '../src/connection/connection.ts';

export async function requestsTypedByTheTable(connection: Connection): Promise<void> {
  // No type argument: the answer's type comes from the table.
  const seqs: MaxSeqsResp = await connection.request(WsReq.GetMaxSeqs, {});
  const notice: MessageItem = await connection.request(WsReq.Revoke, { conversationID: 'c', seq: 1 });
  void [seqs, notice];

  // @ts-expect-error Typing's data needs msgTips too.
  await connection.request(WsReq.Typing, { recvID: 'u' });

  // @ts-expect-error Revoke's seq is a number.
  await connection.request(WsReq.Revoke, { conversationID: 'c', seq: '1' });

  // @ts-expect-error Revoke answers a MessageItem, not MaxSeqsResp.
  const wrong: MaxSeqsResp = await connection.request(WsReq.Revoke, { conversationID: 'c', seq: 1 });
  void wrong;

  // @ts-expect-error 9999 is not a request of the gateway.
  await connection.request(9999, {});
}
