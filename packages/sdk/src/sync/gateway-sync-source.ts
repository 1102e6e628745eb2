import { WsReq } from '@im/protocol';
import type { Connection } from '../connection/connection.ts';
import type { SeqRange } from './seq-planner.ts';
import type { SyncSource } from './sync-source.ts';

/** The sync engine's source over the gateway: GetMaxSeqs and PullMsgs requests. */
export function gatewaySyncSource(connection: Connection): SyncSource {
  return {
    getMaxSeqs: () => connection.request(WsReq.GetMaxSeqs, {}),
    pullMsgs: async (ranges: SeqRange[]) =>
      (await connection.request(WsReq.PullMsgs, { ranges }))?.msgs ?? {},
  };
}
