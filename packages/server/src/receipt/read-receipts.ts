import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { ContentType, SessionType } from '@im/protocol';
import type { ReadDetail } from '@im/protocol';
import type { AppContext } from '../app-context.ts';
import { membersOf } from '../message/conversation-members.ts';
import type { Messaging } from '../message/messaging.ts';
import type { ViewWithSeq } from '../message/view-queries.ts';
import type { Database } from '../storage/database.ts';
import { receiptsKept } from './receipts-kept.ts';
import type { Tables } from '../storage/tables.ts';
import { burnsStartedByRead, startBurns } from './burn-queries.ts';

/** Who read: the caller of a MarkAsRead. */
export interface Reader {
  userID: string;
  connID?: string;
}

/**
 * Read receipts (docs/product.md#read-receipts): when a MarkAsRead moves the reader's hasReadSeq past
 * another user's message, a 2150 notice is stored and pushed to every participant, so that their
 * devices (and any that sync later) show those messages as read. It is the same hasReadSeq that
 * unread counts use. One-to-one chats always; groups up to READ_RECEIPT_GROUP_MAX members. In a
 * one-to-one chat the read also starts the countdown of burn-after-reading messages (detail.burns).
 */
export class ReadReceipts {
  readonly #ctx: Pick<AppContext, 'db' | 'config'>;
  readonly #messaging: Messaging;

  constructor(ctx: Pick<AppContext, 'db' | 'config'>, messaging: Messaging) {
    this.#ctx = ctx;
    this.#messaging = messaging;
  }

  /** After the reader's row moved from `view.hasReadSeq` to `upTo`. */
  async afterRead(reader: Reader, view: ViewWithSeq, upTo: number): Promise<void> {
    const { db } = this.#ctx;
    const conversationID = view.conversationId;
    const from = Math.max(view.hasReadSeq, view.minSeq);
    if (upTo <= from || !(await receiptsKept(this.#ctx.db, this.#ctx.config.READ_RECEIPT_GROUP_MAX, view)))
      return;
    // Only a read of someone else's message is news: reading the peer's read mark is not (no ping-pong).
    if (!(await readsOthersMessage(db, conversationID, reader.userID, from, upTo))) return;
    const readTime = Date.now();
    const single = view.conversationType === SessionType.Single;
    const speedup = this.#ctx.config.TEST_BURN_SPEEDUP;
    const burns = single
      ? (await burnsStartedByRead(db, conversationID, reader.userID, from, upTo)).map((b) => ({
          clientMsgID: b.clientMsgId,
          seq: b.seq,
          burnAt: readTime + Math.ceil((b.burnDuration * 1000) / speedup),
        }))
      : [];
    const detail: ReadDetail = {
      conversationID,
      userID: reader.userID,
      hasReadSeq: upTo,
      readTime,
      ...(burns.length > 0 ? { burns } : {}),
    };
    await this.#messaging.messages.storeNotification({
      conversationID,
      sessionType: view.conversationType,
      contentType: ContentType.HasReadReceipt,
      detail,
      sendID: reader.userID,
      recvID: single ? view.userId : '',
      groupID: view.groupId,
      userIDs: await membersOf(db, conversationID, view.conversationType),
      key: `read-${reader.userID}-${conversationID}-${upTo}`,
      apply: async (trx, notice) => {
        await startBurns(trx, conversationID, burns);
        await keepReadAt(trx, conversationID, reader.userID, upTo, Number(notice.seq));
      },
    });
  }
}

/** Whether (from, upTo] holds a message of another user (not a notice): what a receipt is about. */
async function readsOthersMessage(
  db: Database,
  conversationID: string,
  readerID: string,
  from: number,
  upTo: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('seq')
    .where('conversationId', '=', conversationID)
    .where('seq', '>', from)
    .where('seq', '<=', upTo)
    .where('sendId', '!=', readerID)
    .where('contentType', '<', 1200)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Storing the notice as the reader's own message moved their hasReadSeq to its seq. The read mark is
 * not a read: the position goes back to what the reader read (`upTo`), or to their own last message
 * stored meanwhile, so that unread counts and read state keep meaning what was read.
 */
async function keepReadAt(
  trx: Transaction<Tables>,
  conversationID: string,
  readerID: string,
  upTo: number,
  noticeSeq: number,
): Promise<void> {
  await sql`
    UPDATE user_conversations SET has_read_seq = COALESCE((SELECT MAX(m.seq) FROM messages m
        WHERE m.conversation_id = ${conversationID} AND m.seq > ${upTo} AND m.seq < ${noticeSeq}
          AND m.send_id = ${readerID}), ${upTo})
    WHERE owner_user_id = ${readerID} AND conversation_id = ${conversationID}
      AND has_read_seq = ${noticeSeq}`.execute(trx);
}
