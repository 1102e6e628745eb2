import type { MaxSeqsResp, MessageItem } from '@im/protocol';
import type { SeqRange } from '../../src/sync/seq-planner.ts';
import type { SyncSource } from '../../src/sync/sync-source.ts';

/** A server-side message log for sync tests: conversations with contiguous seqs, no network. */
export class FakeSyncSource implements SyncSource {
  log = new Map<string, MessageItem[]>();
  pulls: SeqRange[][] = [];
  failNext = false;
  /** Seqs the server no longer answers (deleted for this user). */
  hidden = new Set<string>();

  add(message: MessageItem): MessageItem {
    const list = this.log.get(message.conversationID) ?? [];
    this.log.set(message.conversationID, list);
    list.push(message);
    return message;
  }

  async getMaxSeqs(): Promise<MaxSeqsResp> {
    const maxSeqs: Record<string, number> = {};
    for (const [id, list] of this.log) maxSeqs[id] = list.length ? list[list.length - 1].seq : 0;
    return { maxSeqs, minSeqs: {}, hasReadSeqs: {} };
  }

  async pullMsgs(ranges: SeqRange[]): Promise<Record<string, MessageItem[]>> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('pull failed');
    }
    this.pulls.push(ranges);
    const out: Record<string, MessageItem[]> = {};
    for (const r of ranges) {
      const found = (this.log.get(r.conversationID) ?? []).filter(
        (m) => m.seq >= r.begin && m.seq <= r.end && !this.hidden.has(`${m.conversationID}:${m.seq}`),
      );
      out[r.conversationID] = [...(out[r.conversationID] ?? []), ...found];
    }
    return out;
  }
}
