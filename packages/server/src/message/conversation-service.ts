import { ErrCode, SessionType, singleConversationID } from '@im/protocol';
import type {
  conversationListSchema,
  ConversationItem,
  ConversationListResp,
  markAsReadSchema,
  MaxSeqsResp,
  setConversationSchema,
} from '@im/protocol';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import type { Push } from '../push/push.ts';
import type { Database } from '../storage/database.ts';
import { findUserByID } from '../user/user-queries.ts';
import { usersOfSingleConversation } from './conversation-members.ts';
import { toConversationItems } from './conversation-items.ts';
import { pageOfViews } from './conversation-page.ts';
import { ensureView, getView, totalUnread, updateView, visibleViews } from './view-queries.ts';
import type { ViewChanges, ViewWithSeq } from './view-queries.ts';
import { viewTarget } from './view-target.ts';

/**
 * Each user's conversations (docs/product.md#messages-and-sync): the list, settings, read and cleared
 * positions, deletion for this user only. Changes are pushed (ConversationChanged) to the user's sockets; the
 * one that asked over the gateway is left out, it has the answer.
 */
/** Hears of each read that moved a user's hasReadSeq (read receipts, src/receipt/read-receipts.ts). */
export type ReadHook = (
  reader: { userID: string; connID?: string },
  before: ViewWithSeq,
  upTo: number,
) => Promise<void>;

export class ConversationService {
  readonly #db: Database;
  readonly #push: Push;
  readonly #readHook?: ReadHook;

  constructor(deps: { db: Database; push: Push }, readHook?: ReadHook) {
    this.#db = deps.db;
    this.#push = deps.push;
    this.#readHook = readHook;
  }

  async list(userID: string, req: z.output<typeof conversationListSchema>): Promise<ConversationListResp> {
    const { rows, total } = await pageOfViews(this.#db, userID, req.offset, req.count);
    return { conversations: await toConversationItems(this.#db, userID, rows), total };
  }

  /** The visible conversations among the ids (unknown and deleted ones are left out). */
  async getMany(userID: string, conversationIDs: string[]): Promise<ConversationItem[]> {
    const rows = await visibleViews(this.#db, userID, [...new Set(conversationIDs)]);
    return toConversationItems(this.#db, userID, rows);
  }

  async totalUnread(userID: string): Promise<number> {
    return totalUnread(this.#db, userID);
  }

  /** GetMaxSeqs: every conversation of the user that is not deleted for them. */
  async maxSeqs(userID: string): Promise<MaxSeqsResp> {
    const out: MaxSeqsResp = { maxSeqs: {}, minSeqs: {}, hasReadSeqs: {} };
    for (const view of await visibleViews(this.#db, userID)) {
      out.maxSeqs[view.conversationId] = view.maxSeq;
      out.minSeqs[view.conversationId] = view.minSeq;
      out.hasReadSeqs[view.conversationId] = view.hasReadSeq;
    }
    return out;
  }

  /**
   * Pin, receive option, draft. A draft change stamps draftTextTime (0 when emptied). A one-to-one
   * conversation without messages yet gets its row here; a hidden (new or deleted) conversation shows
   * in the list once it has a draft or is pinned.
   */
  async set(userID: string, req: z.output<typeof setConversationSchema>): Promise<ConversationItem> {
    const view =
      (await getView(this.#db, userID, req.conversationID)) ??
      (await this.#newView(userID, req.conversationID));
    const set: ViewChanges = {};
    if (req.isPinned !== undefined) set.isPinned = req.isPinned ? 1 : 0;
    if (req.recvMsgOpt !== undefined) set.recvMsgOpt = req.recvMsgOpt;
    if (req.draftText !== undefined && req.draftText !== view.draftText) {
      set.draftText = req.draftText;
      set.draftTextTime = req.draftText ? Date.now() : 0;
    }
    if (view.isDeleted && (req.isPinned || req.draftText)) set.isDeleted = 0;
    return this.#change(userID, req.conversationID, set);
  }

  /** Gone for this user only, with its messages (minSeq moves to the end); a new message brings it back. */
  async delete(userID: string, conversationID: string): Promise<void> {
    const view = await getView(this.#db, userID, conversationID);
    if (!view) return;
    await updateView(this.#db, userID, conversationID, {
      isDeleted: 1,
      minSeq: view.maxSeq,
      hasReadSeq: view.maxSeq,
      isPinned: 0,
      draftText: '',
      draftTextTime: 0,
      groupAtType: 0,
    });
  }

  /** Clears the history for this user: the conversation stays, empty and read (no @ mark left). */
  async clear(userID: string, conversationID: string): Promise<ConversationItem> {
    const view = await this.#existing(userID, conversationID);
    return this.#change(userID, conversationID, {
      minSeq: view.maxSeq,
      hasReadSeq: view.maxSeq,
      groupAtType: 0,
    });
  }

  /**
   * MarkAsRead: read up to the given seq (everything when absent); never moves backwards. Reading to
   * the end also clears the group @ mark (groupAtType), which lasts until then.
   */
  async markAsRead(
    caller: { userID: string; connID?: string },
    req: z.output<typeof markAsReadSchema>,
  ): Promise<void> {
    const view = await getView(this.#db, caller.userID, req.conversationID);
    if (!view) return;
    const upTo = Math.min(req.hasReadSeq ?? view.maxSeq, view.maxSeq);
    const set: ViewChanges = {};
    if (upTo > view.hasReadSeq) set.hasReadSeq = upTo;
    if (upTo >= view.maxSeq && view.groupAtType !== 0) set.groupAtType = 0;
    if (Object.keys(set).length === 0) return;
    await this.#change(caller.userID, req.conversationID, set, caller.connID);
    if (set.hasReadSeq !== undefined) await this.#readHook?.(caller, view, upTo);
  }

  async #change(userID: string, conversationID: string, set: ViewChanges, exceptConnID?: string) {
    await updateView(this.#db, userID, conversationID, set);
    const view = await this.#existing(userID, conversationID);
    const [item] = await toConversationItems(this.#db, userID, [view]);
    if (!view.isDeleted && Object.keys(set).length > 0)
      this.#push.conversationChanged(userID, [item], exceptConnID);
    return item;
  }

  async #existing(userID: string, conversationID: string): Promise<ViewWithSeq> {
    const view = await getView(this.#db, userID, conversationID);
    if (!view) throw new AppError(ErrCode.NOT_FOUND, { detail: `conversation ${conversationID} not found` });
    return view;
  }

  /** A hidden row for a one-to-one conversation of this user with an existing user; else 1004. */
  async #newView(userID: string, conversationID: string): Promise<ViewWithSeq> {
    const users = usersOfSingleConversation(conversationID);
    const peer = users?.find((id) => id !== userID) ?? userID;
    const valid =
      users?.includes(userID) &&
      singleConversationID(userID, peer) === conversationID &&
      (peer === userID || (await findUserByID(this.#db, peer)));
    if (!valid) throw new AppError(ErrCode.NOT_FOUND, { detail: `conversation ${conversationID} not found` });
    await ensureView(this.#db, conversationID, viewTarget(conversationID, SessionType.Single, userID));
    return this.#existing(userID, conversationID);
  }
}
