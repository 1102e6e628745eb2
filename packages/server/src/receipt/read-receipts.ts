import { ContentType, SessionType } from '@im/protocol';
import type { ReadDetail } from '@im/protocol';
import type { AppContext } from '../app-context.ts';
import { recordChange } from '../change/record-change.ts';
import type { ChangeDeps } from '../change/record-change.ts';
import { findBySeq } from '../message/message-queries.ts';
import type { ViewWithSeq } from '../message/view-queries.ts';
import type { Database } from '../storage/database.ts';
import { receiptsKept } from './receipts-kept.ts';
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
  readonly #ctx: ChangeDeps & Pick<AppContext, 'config'>;

  constructor(ctx: ChangeDeps & Pick<AppContext, 'config'>) {
    this.#ctx = ctx;
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
    // The newest message read names the conversation for the mechanism; the reader's own sockets
    // hear the mark too (no connID left out), so every device of theirs starts the countdowns.
    const target = await findBySeq(db, conversationID, upTo);
    if (!target) return;
    await recordChange(this.#ctx, {
      caller: { userID: reader.userID, platform: 0 },
      target,
      contentType: ContentType.HasReadReceipt,
      key: `read-${reader.userID}-${conversationID}-${upTo}`,
      apply: async (trx) => {
        await startBurns(trx, conversationID, burns);
        return detail;
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
