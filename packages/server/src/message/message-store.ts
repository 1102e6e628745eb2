import type { Transaction } from 'kysely';
import type { ViewTarget } from './view-target.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';
import { isUniqueViolation } from '../storage/unique-violation.ts';
import { insertMessages } from './insert-messages.ts';
import { findByClientMsgID, findByClientMsgIDs } from './message-queries.ts';
import type { MessageDraft, MessageRow } from './message-row.ts';

export interface StoreResult {
  row: MessageRow;
  /** False when the (sender, clientMsgID) was already stored: the row is the earlier one, unchanged. */
  fresh: boolean;
}

export interface StoreOptions {
  /** The users whose rows of the conversation show the message (created or brought back). */
  views: ViewTarget[];
  /**
   * Runs first in the same transaction (a change rewrites its target there, src/change/). The draft is
   * read after it, so it may complete the draft's content from what it read (a reaction's totals).
   */
  before?: (trx: Transaction<Tables>) => Promise<void>;
  /**
   * Runs last in the same transaction, with the stored row (a group change recorded by its notice, @
   * marks of a group message): both commit or neither. A throw stores nothing.
   */
  after?: (trx: Transaction<Tables>, row: MessageRow) => Promise<void>;
}

/**
 * The one way a message is stored (docs/decisions.md "The message hot path"). Built once in the app's
 * composition root (src/app.ts) and reached through the app context, so that the scale-out issue can
 * put another writer in its place without touching the areas that store.
 *
 * In one transaction (storeInTransaction): the conversation's counter row is bumped with an upsert
 * that returns the new max seq (on PostgreSQL the row lock orders concurrent senders; on SQLite the
 * single writer does), the message is inserted with that seq, and the members' rows are touched. A
 * failed insert rolls the counter back too, so seqs stay contiguous. The answer comes after the commit.
 *
 * Idempotent per (sender, clientMsgID): a stored one is answered as it is. Two racing copies in two
 * transactions (two nodes) both miss the lookup; the later one fails on the unique index and answers
 * the row that won.
 *
 * A writer queues a message in the same call, before it returns (its wrappers call it before their
 * first await): the order of the calls is the order of the seqs, and the gateway starts a socket's
 * next send once this one is queued (Caller.orderKept).
 */
export interface MessageWriter {
  store(draft: MessageDraft, options: StoreOptions): Promise<StoreResult>;
}

/** One store asked of the writer: a message and its options. */
export interface StoreRequest {
  draft: MessageDraft;
  options: StoreOptions;
}

/** A store waiting in a writer's queue, with its caller's promise. */
export interface QueuedStore extends StoreRequest {
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

const keyOf = (draft: MessageDraft) => `${draft.sendId}\u0000${draft.clientMsgId}`;

/**
 * Stores the requests inside the caller's transaction and answers each in order
 * (docs/decisions.md "The message hot path"). One statement finds those already stored (a resend
 * answers its first copy, unchanged); a copy of an earlier request of the same call answers that one.
 * The others are stored together by insertMessages, a few statements for all of them; a request with
 * hooks is stored on its own between its `before` and `after`, after the ones queued before it, so seqs
 * follow the order of the requests.
 */
export async function storeInTransaction(
  trx: Transaction<Tables>,
  requests: StoreRequest[],
): Promise<StoreResult[]> {
  const keys = new Map(
    requests.map(({ draft }) => [keyOf(draft), { sendID: draft.sendId, clientMsgID: draft.clientMsgId }]),
  );
  const stored = await findByClientMsgIDs(trx, [...keys.values()]);
  const results: StoreResult[] = new Array<StoreResult>(requests.length);
  const firstOf = new Map<string, number>();
  let plain: number[] = [];
  const flush = async () => {
    const batch = plain;
    plain = [];
    const rows = await insertMessages(
      trx,
      batch.map((i) => ({ draft: requests[i].draft, views: requests[i].options.views })),
    );
    batch.forEach((i, n) => (results[i] = { row: rows[n], fresh: true }));
  };
  for (const [i, { draft, options }] of requests.entries()) {
    const key = keyOf(draft);
    const earlier = stored.get(key);
    if (earlier) results[i] = { row: earlier, fresh: false };
    else if (!firstOf.has(key)) {
      firstOf.set(key, i);
      if (!options.before && !options.after) plain.push(i);
      else {
        await flush();
        await options.before?.(trx);
        // The draft is read after `before`, which may have completed it.
        const [row] = await insertMessages(trx, [{ draft, views: options.views }]);
        await options.after?.(trx, row);
        results[i] = { row, fresh: true };
      }
    }
  }
  await flush();
  for (const [i, { draft }] of requests.entries())
    results[i] ??= { row: results[firstOf.get(keyOf(draft))!].row, fresh: false };
  return results;
}

/**
 * One message in its own transaction. A racing copy stored by another transaction in the meantime
 * (another node on PostgreSQL) fails on the unique index; the winner is answered.
 */
export async function storeAlone(db: Database, request: StoreRequest): Promise<StoreResult> {
  try {
    const [result] = await db.transaction().execute((trx) => storeInTransaction(trx, [request]));
    return result;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await findByClientMsgID(db, request.draft.sendId, request.draft.clientMsgId);
    if (!stored) throw error;
    return { row: stored, fresh: false };
  }
}

/**
 * Rewrites a stored message in place (a revoke turns it into a 2101 notice with the same seq, an edit
 * gives it new content and an edit time, a reaction new reactions).
 */
export async function rewriteMessage(
  trx: Transaction<Tables>,
  conversationID: string,
  seq: number,
  set: { contentType?: number; content?: string; editTime?: number; reactions?: string },
): Promise<void> {
  await trx
    .updateTable('messages')
    .set(set)
    .where('conversationId', '=', conversationID)
    .where('seq', '=', seq)
    .execute();
}
