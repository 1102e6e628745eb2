import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { touchViews } from './view-queries.ts';
import type { ViewTarget } from './view-target.ts';
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
  /**
   * Runs last in the same transaction, with the stored row (a group change recorded by its notice, @
   * marks of a group message): both commit or neither. A throw stores nothing.
   */
  after?: (trx: Transaction<Tables>, row: MessageRow) => Promise<void>;
}

/**
 * The one way a message is stored (docs/decisions.md "The message hot path"). Built once in the app's composition root (src/app.ts)
 * and reached through the app context, so that the scale-out issue can put another writer in its
 * place without touching the areas that store.
 *
 * In one transaction: the conversation's counter row is bumped with an upsert that returns the new
 * max seq (on PostgreSQL the row lock orders concurrent senders; on SQLite the single writer does),
 * the message is inserted with that seq, and the members' rows are touched. A failed insert rolls the
 * counter back too, so seqs stay contiguous.
 *
 * Idempotent per (sender, clientMsgID): a stored one is answered as it is. Two racing copies both miss
 * the first lookup; the later one fails on the unique index and answers the row that won.
 */
export interface MessageWriter {
  store(draft: MessageDraft, options: StoreOptions): Promise<StoreResult>;
}

/**
 * Stores one message inside the caller's transaction; its seq comes from the counter upsert. The hot
 * path is written as plain SQL (the same on SQLite and PostgreSQL): the query builder's per-call
 * compile cost was half of a store's time under load.
 */
async function insertMessage(
  trx: Transaction<Tables>,
  draft: MessageDraft,
  options: StoreOptions,
): Promise<MessageRow> {
  await options.before?.(trx);
  const sendTime = Date.now();
  const counter = await sql<{ maxSeq: number }>`
    INSERT INTO conversation_seqs (conversation_id, max_seq, latest_send_time)
    VALUES (${draft.conversationId}, 1, ${sendTime})
    ON CONFLICT (conversation_id) DO UPDATE SET
      max_seq = conversation_seqs.max_seq + 1,
      -- Monotonic even when a sender that read the clock earlier waited for the lock.
      latest_send_time = CASE WHEN excluded.latest_send_time > conversation_seqs.latest_send_time
        THEN excluded.latest_send_time ELSE conversation_seqs.latest_send_time END
    RETURNING max_seq`.execute(trx);
  const stored: MessageRow = {
    recvId: '',
    groupId: '',
    senderNickname: '',
    senderFaceUrl: '',
    senderPlatformId: 0,
    ex: '',
    ...draft,
    seq: Number(counter.rows[0].maxSeq),
    serverMsgId: randomUUID().replaceAll('-', ''),
    sendTime,
  };
  await sql`
    INSERT INTO messages (conversation_id, seq, server_msg_id, client_msg_id, send_id, recv_id, group_id,
      sender_nickname, sender_face_url, sender_platform_id, session_type, content_type, msg_from,
      create_time, send_time, content, ex)
    VALUES (${stored.conversationId}, ${stored.seq}, ${stored.serverMsgId}, ${stored.clientMsgId},
      ${stored.sendId}, ${stored.recvId}, ${stored.groupId}, ${stored.senderNickname}, ${stored.senderFaceUrl},
      ${stored.senderPlatformId}, ${stored.sessionType}, ${stored.contentType}, ${stored.msgFrom},
      ${stored.createTime}, ${stored.sendTime}, ${stored.content}, ${stored.ex})`.execute(trx);
  await touchViews(trx, stored.conversationId, options.views, stored.sendId, stored.seq);
  await options.after?.(trx, stored);
  return stored;
}

/** One message in its own transaction; a racing copy fails on the unique index and answers the winner. */
async function storeAlone(db: Database, draft: MessageDraft, options: StoreOptions): Promise<StoreResult> {
  try {
    return { row: await db.transaction().execute((trx) => insertMessage(trx, draft, options)), fresh: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await findByClientMsgID(db, draft.sendId, draft.clientMsgId);
    if (!stored) throw error;
    return { row: stored, fresh: false };
  }
}

interface Job {
  draft: MessageDraft;
  options: StoreOptions;
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

/** Most messages one group commit stores. */
const BATCH_MAX = 256;

/**
 * Group commit: sends that arrive while a transaction is running are stored together in the next
 * one, so a busy gateway pays one commit for many messages instead of one each. Seqs stay atomic
 * with their inserts (same transaction). If a batch fails (a racing duplicate, a deadlock on
 * PostgreSQL), each of its messages is retried alone, so one bad message never fails the others.
 */
export class BatchingMessageWriter implements MessageWriter {
  readonly #db: Database;
  #queue: Job[] = [];
  #running = false;

  constructor(db: Database) {
    this.#db = db;
  }

  async store(draft: MessageDraft, options: StoreOptions): Promise<StoreResult> {
    const existing = await findByClientMsgID(this.#db, draft.sendId, draft.clientMsgId);
    if (existing) return { row: existing, fresh: false };
    return this.#enqueue(draft, options);
  }

  #enqueue(draft: MessageDraft, options: StoreOptions): Promise<StoreResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ draft, options, resolve, reject });
      if (this.#running) return;
      this.#running = true;
      // SQLite answers synchronously, so a transaction started now would end before the sends of
      // other sockets read in this same turn of the event loop get here; starting it right after
      // this turn's I/O lets them share its commit.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) await this.#storeNext();
    this.#running = false;
  }

  async #alone(job: Job): Promise<void> {
    await storeAlone(this.#db, job.draft, job.options).then(job.resolve, job.reject);
  }

  /**
   * One transaction for what is queued. The batch is taken once the transaction holds the connection,
   * not before: while it waited behind other queries, more sends arrived, and they join this commit.
   */
  async #storeNext(): Promise<void> {
    let batch: Job[] = [];
    const seen = new Map<string, number>();
    const keyOf = (job: Job) => `${job.draft.sendId}\u0000${job.draft.clientMsgId}`;
    let rows: (MessageRow | null)[];
    try {
      rows = await this.#db.transaction().execute(async (trx) => {
        batch = this.#queue.splice(0, BATCH_MAX);
        const out: (MessageRow | null)[] = [];
        for (const job of batch) {
          // A copy of a message earlier in this batch answers that one.
          if (seen.has(keyOf(job))) out.push(null);
          else {
            seen.set(keyOf(job), out.length);
            out.push(await insertMessage(trx, job.draft, job.options));
          }
        }
        return out;
      });
    } catch {
      // A transaction that failed before it took its batch (the database away) still answers the
      // queue, each send alone, instead of trying again at once for as long as the outage lasts.
      if (batch.length === 0) batch = this.#queue.splice(0, BATCH_MAX);
      for (const job of batch) await this.#alone(job);
      return;
    }
    batch.forEach((job, i) => {
      const row = rows[i];
      if (row) job.resolve({ row, fresh: true });
      else job.resolve({ row: rows[seen.get(keyOf(job))!]!, fresh: false });
    });
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
