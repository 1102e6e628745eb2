import { ErrCode, SessionType } from '@im/protocol';
import type {
  MemberReadState,
  MessageReadersResp,
  messageReadersSchema,
  ReaderInfo,
  ReadStateResp,
} from '@im/protocol';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { isGroupMember } from '../group/member-queries.ts';
import { AppError } from '../http/app-error.ts';
import { membersOf } from '../message/conversation-members.ts';
import { findBySeq } from '../message/message-queries.ts';
import { getView } from '../message/view-queries.ts';
import type { ViewWithSeq } from '../message/view-queries.ts';
import { findUsersByIDs } from '../user/user-queries.ts';
import { receiptsKept } from './receipts-kept.ts';

/**
 * Read state answered from the participants' hasReadSeq, the same positions unread counts use
 * (docs/api.md#read-receipts-and-burn-after-reading): how far each other participant has read, and
 * for one message who has read it and who has not.
 */
export class ReadStateService {
  readonly #ctx: Pick<AppContext, 'db' | 'config'>;

  constructor(ctx: Pick<AppContext, 'db' | 'config'>) {
    this.#ctx = ctx;
  }

  async readState(userID: string, conversationID: string): Promise<ReadStateResp> {
    const view = await this.#visible(userID, conversationID);
    if (!(await receiptsKept(this.#ctx.db, this.#ctx.config.READ_RECEIPT_GROUP_MAX, view)))
      return { receipts: false, members: [] };
    return { receipts: true, members: await this.#others(view, userID) };
  }

  /** Who of the other participants has read the message at `seq` (its sender left out). */
  async readers(userID: string, req: z.output<typeof messageReadersSchema>): Promise<MessageReadersResp> {
    const view = await this.#visible(userID, req.conversationID);
    const message =
      req.seq > view.minSeq && req.seq <= view.maxSeq
        ? await findBySeq(this.#ctx.db, req.conversationID, req.seq)
        : undefined;
    if (!message)
      throw new AppError(ErrCode.NOT_FOUND, { detail: `message ${req.conversationID}#${req.seq} not found` });
    if (!(await receiptsKept(this.#ctx.db, this.#ctx.config.READ_RECEIPT_GROUP_MAX, view)))
      return { read: [], unread: [] };
    // Members who joined after the message never had it to read (minSeq at their join).
    const states = (await this.#others(view, message.sendId)).filter((s) => s.minSeq < req.seq);
    const users = new Map(
      (
        await findUsersByIDs(
          this.#ctx.db,
          states.map((s) => s.userID),
        )
      ).map((u) => [u.userId, u]),
    );
    const info = (s: MemberReadState): ReaderInfo => ({
      userID: s.userID,
      nickname: users.get(s.userID)?.nickname ?? '',
      faceURL: users.get(s.userID)?.faceUrl ?? '',
    });
    return {
      read: states.filter((s) => s.hasReadSeq >= req.seq).map(info),
      unread: states.filter((s) => s.hasReadSeq < req.seq).map(info),
    };
  }

  /** The caller's row of a conversation they may read (a current member for a group); else 1004. */
  async #visible(userID: string, conversationID: string): Promise<ViewWithSeq> {
    const view = await getView(this.#ctx.db, userID, conversationID);
    const member =
      view &&
      !view.isDeleted &&
      (view.conversationType !== SessionType.Group ||
        (await isGroupMember(this.#ctx.db, view.groupId, userID)));
    if (!view || !member)
      throw new AppError(ErrCode.NOT_FOUND, { detail: `conversation ${conversationID} not found` });
    return view;
  }

  /** Each participant but `except`, with their read and cleared positions (0 without a row yet). */
  async #others(view: ViewWithSeq, except: string): Promise<MemberReadState[]> {
    const ids = (await membersOf(this.#ctx.db, view.conversationId, view.conversationType)).filter(
      (id) => id !== except,
    );
    if (ids.length === 0) return [];
    const rows = await this.#ctx.db
      .selectFrom('userConversations')
      .select(['ownerUserId', 'hasReadSeq', 'minSeq'])
      .where('conversationId', '=', view.conversationId)
      .where('ownerUserId', 'in', ids)
      .execute();
    const byID = new Map(rows.map((r) => [r.ownerUserId, r]));
    return ids.map((id) => ({
      userID: id,
      hasReadSeq: Number(byID.get(id)?.hasReadSeq ?? 0),
      minSeq: Number(byID.get(id)?.minSeq ?? 0),
    }));
  }
}
