import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { SessionType } from '@im/protocol';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';
import { BURNED_CONTENT } from '../message/message-row.ts';

type Db = Database | Transaction<Tables>;

/**
 * The duration a one-to-one message sent now carries: the conversation's burn-after-reading setting
 * (the sender's row, kept equal to the peer's), 0 when it is off or for any other kind of chat.
 */
export async function burnDurationFor(
  db: Db,
  senderID: string,
  conversationID: string,
  sessionType: number,
): Promise<number> {
  if (sessionType !== SessionType.Single) return 0;
  // Compiled once (storage/compiled-query.ts): this runs on every one-to-one send.
  const { rows } = await runCompiled<{ isPrivateChat: number; burnDuration: number }>(
    db,
    'burn-duration-for',
    () => sql`
      SELECT is_private_chat, burn_duration FROM user_conversations
      WHERE owner_user_id = ${senderID} AND conversation_id = ${conversationID}`,
    [senderID, conversationID],
  );
  const row = rows[0];
  return row && Number(row.isPrivateChat) === 1 ? Number(row.burnDuration) : 0;
}

/** Burn messages of the peer that a read of (after, upTo] starts the countdown of. */
export async function burnsStartedByRead(
  db: Db,
  conversationID: string,
  readerID: string,
  after: number,
  upTo: number,
): Promise<{ clientMsgId: string; seq: number; burnDuration: number }[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['clientMsgId', 'seq', 'burnDuration'])
    .where('conversationId', '=', conversationID)
    .where('seq', '>', after)
    .where('seq', '<=', upTo)
    .where('sendId', '!=', readerID)
    .where('burnDuration', '>', 0)
    .where('burnAt', '=', 0)
    .where('content', '!=', BURNED_CONTENT)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    clientMsgId: r.clientMsgId,
    seq: Number(r.seq),
    burnDuration: Number(r.burnDuration),
  }));
}

/** Sets the burn time of messages whose countdown has not started yet (a racing read keeps the first). */
export async function startBurns(
  trx: Db,
  conversationID: string,
  burns: { seq: number; burnAt: number }[],
): Promise<void> {
  for (const burn of burns) {
    await trx
      .updateTable('messages')
      .set({ burnAt: burn.burnAt })
      .where('conversationId', '=', conversationID)
      .where('seq', '=', burn.seq)
      .where('burnAt', '=', 0)
      .execute();
  }
}

/**
 * Read burn messages whose time has come, oldest first, at most `limit`. `burn_at > 0` is written as
 * the literal of the partial index messages_burn_due (migration 0018), so that both databases' planners
 * see the index apply whatever the parameters.
 */
export async function dueBurns(
  db: Db,
  now: number,
  limit: number,
): Promise<
  { conversationId: string; clientMsgId: string; seq: number; sessionType: number; groupId: string }[]
> {
  const rows = await db
    .selectFrom('messages')
    .select(['conversationId', 'clientMsgId', 'seq', 'sessionType', 'groupId'])
    .where(sql<boolean>`burn_at > 0`)
    .where('burnAt', '<=', now)
    .orderBy('burnAt')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

/**
 * Tombstones burned messages: their content goes for good; the row keeps its seq (the order has no
 * gaps) and its type, with burn_at back to 0 so that the sweep never picks it again.
 */
export async function tombstone(trx: Db, conversationID: string, seqs: number[]): Promise<void> {
  if (seqs.length === 0) return;
  await trx
    .updateTable('messages')
    .set({ content: BURNED_CONTENT, burnAt: 0 })
    .where('conversationId', '=', conversationID)
    .where('seq', 'in', seqs)
    .execute();
}
