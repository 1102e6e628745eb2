import type { MaxSeqsResp, MessageItem } from '@im/protocol';
import type { SeqRange } from './seq-planner.ts';

/** Where the sync engine gets seqs and messages: the gateway in the client, a fake in unit tests. */
export interface SyncSource {
  getMaxSeqs(): Promise<MaxSeqsResp>;
  /** The stored messages of the ranges, per conversation; seqs the user may not see are left out. */
  pullMsgs(ranges: SeqRange[]): Promise<Record<string, MessageItem[]>>;
}
