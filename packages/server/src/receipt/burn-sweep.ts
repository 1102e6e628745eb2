import { ContentType } from '@im/protocol';
import type { BurnDetail } from '@im/protocol';
import { recordChange } from '../change/record-change.ts';
import type { ChangeDeps } from '../change/record-change.ts';
import { findBySeq } from '../message/message-queries.ts';
import { dueBurns, tombstone } from './burn-queries.ts';

/** Most messages one sweep burns; the next sweep takes the rest. */
const BATCH = 500;

/** What a sweep needs: the database and what the change mechanism stores and pushes with. */
export type BurnSweepDeps = ChangeDeps;

/**
 * Burns the read burn-after-reading messages whose time has come (docs/product.md#burn-after-reading):
 * per conversation, through the change mechanism (one transaction), their content is deleted for
 * good (the rows keep their seq, so pulls and history answer them empty) and a 2162 notice is stored
 * and pushed to both users, whose devices then delete them. Everything it needs is in the database,
 * so a restarted server burns what came due while it was down. Answers how many messages burned.
 */
export async function sweepBurns(deps: BurnSweepDeps, now: number): Promise<number> {
  const due = await dueBurns(deps.db, now, BATCH);
  const byConversation = new Map<string, typeof due>();
  for (const message of due) {
    const list = byConversation.get(message.conversationId) ?? [];
    list.push(message);
    byConversation.set(message.conversationId, list);
  }
  let burned = 0;
  for (const [conversationID, messages] of byConversation) {
    const first = messages[0];
    const target = await findBySeq(deps.db, conversationID, first.seq);
    if (!target) continue;
    const detail: BurnDetail = {
      conversationID,
      messages: messages.map((m) => ({ clientMsgID: m.clientMsgId, seq: m.seq })),
    };
    await recordChange(deps, {
      // The system burns them: no user's socket is left out of the push.
      caller: { userID: BURN_SENDER, platform: 0 },
      target,
      contentType: ContentType.MessagesBurned,
      // One notice per set of burned messages: a sweep that ran twice stores it once.
      key: `burn-${conversationID}-${first.seq}-${messages.at(-1)!.seq}-${messages.length}`,
      apply: async (trx) => {
        await tombstone(
          trx,
          conversationID,
          messages.map((m) => m.seq),
        );
        return detail;
      },
    });
    burned += messages.length;
  }
  return burned;
}

/** The sender of burn notices: the system, not a user. */
export const BURN_SENDER = 'imAdmin';
