import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { touchViews } from '../conversation/view-queries.ts';
import type { ViewTarget } from '../conversation/view-target.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';
import { isUniqueViolation } from '../storage/unique-violation.ts';
import { findByClientMsgID } from './message-queries.ts';
import type { MessageDraft, MessageRow } from './message-row.ts';

export interface StoreResult {
  row: MessageRow;
  /** False when the (sender, clientMsgID) was already stored: the row is the earlier one, unchanged. */
  fresh: boolean;
}

export interface StoreOptions {
  /** The users whose rows of the conversation show the message (created or brought back). */
  views: ViewTarget[];
  /** Runs first in the same transaction (a revoke rewrites the original message there). */
  before?: (trx: Transaction<Tables>) => Promise<void>;
}

/**
 * The one way a message is stored (DESIGN §6). In one transaction: the conversation's counter row is
 * bumped with an upsert that returns the new max seq (on PostgreSQL the row lock orders concurrent
 * senders; on SQLite the single writer does), the message is inserted with that seq, and the members'
 * rows are touched. A failed insert rolls the counter back too, so seqs stay contiguous.
 *
 * Idempotent per (sender, clientMsgID): a stored one is answered as it is. Two racing copies both miss
 * the first lookup; the later one fails on the unique index and answers the row that won.
 */
export async function storeMessage(
  db: Database,
  draft: MessageDraft,
  options: StoreOptions,
): Promise<StoreResult> {
  const existing = await findByClientMsgID(db, draft.sendId, draft.clientMsgId);
  if (existing) return { row: existing, fresh: false };
  try {
    const row = await db.transaction().execute(async (trx) => {
      await options.before?.(trx);
      const sendTime = Date.now();
      const counter = await trx
        .insertInto('conversationSeqs')
        .values({ conversationId: draft.conversationId, maxSeq: 1, latestSendTime: sendTime })
        .onConflict((oc) =>
          oc.column('conversationId').doUpdateSet((eb) => ({
            maxSeq: eb('conversationSeqs.maxSeq', '+', 1),
            // Monotonic even when a sender that read the clock earlier waited for the lock.
            latestSendTime: eb
              .case()
              .when('excluded.latestSendTime', '>', eb.ref('conversationSeqs.latestSendTime'))
              .then(eb.ref('excluded.latestSendTime'))
              .else(eb.ref('conversationSeqs.latestSendTime'))
              .end(),
          })),
        )
        .returning('maxSeq')
        .executeTakeFirstOrThrow();
      const stored: MessageRow = {
        recvId: '',
        groupId: '',
        senderNickname: '',
        senderFaceUrl: '',
        senderPlatformId: 0,
        ex: '',
        ...draft,
        seq: Number(counter.maxSeq),
        serverMsgId: randomUUID().replaceAll('-', ''),
        sendTime,
      };
      await trx.insertInto('messages').values(stored).execute();
      await touchViews(trx, stored.conversationId, options.views, stored.sendId, stored.seq);
      return stored;
    });
    return { row, fresh: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await findByClientMsgID(db, draft.sendId, draft.clientMsgId);
    if (!stored) throw error;
    return { row: stored, fresh: false };
  }
}

/** Rewrites a stored message in place (a revoke turns it into a 2101 notice with the same seq). */
export async function rewriteMessage(
  trx: Transaction<Tables>,
  conversationID: string,
  seq: number,
  set: { contentType: number; content: string },
): Promise<void> {
  await trx
    .updateTable('messages')
    .set(set)
    .where('conversationId', '=', conversationID)
    .where('seq', '=', seq)
    .execute();
}
