import { ErrCode, singleConversationID } from '@im/protocol';
import type {
  FriendInfo,
  FriendListResp,
  friendListSchema,
  IsFriendResp,
  setFriendRemarkSchema,
} from '@im/protocol';
import type { z } from 'zod';
import type { ConversationService } from '../message/conversation-service.ts';
import { AppError } from '../http/app-error.ts';
import type { ContactDeps } from './application-service.ts';
import { deleteFriendship, friendInfo, friendPage, friendsAmong, setRemark } from './friend-queries.ts';
import { relationBetween } from './relation-queries.ts';

/**
 * Friends (the friendList of docs/product.md#client-state, in the pages of
 * docs/product.md#limits-and-constants): the list, remarks, deletion. Friendship is mutual; deleting
 * ends it on both sides. A remark is the owner's alone; it names the friend in the owner's
 * conversation list too, so a change pushes that conversation again.
 */
export class FriendService {
  readonly #deps: ContactDeps;
  readonly #conversations: ConversationService;

  constructor(deps: ContactDeps, conversations: ConversationService) {
    this.#deps = deps;
    this.#conversations = conversations;
  }

  list(userID: string, req: z.output<typeof friendListSchema>): Promise<FriendListResp> {
    return friendPage(this.#deps.db, userID, req.offset, req.count);
  }

  designated(userID: string, friendUserIDs: string[]): Promise<FriendInfo[]> {
    return friendsAmong(this.#deps.db, userID, friendUserIDs);
  }

  async isFriend(userID: string, peerID: string): Promise<IsFriendResp> {
    const relation = await relationBetween(this.#deps.db, userID, peerID);
    return { isFriend: relation.isFriend, isBlack: relation.blocksPeer };
  }

  async setRemark(userID: string, req: z.output<typeof setFriendRemarkSchema>): Promise<FriendInfo> {
    const { db, push } = this.#deps;
    if (!(await setRemark(db, userID, req.friendUserID, req.remark))) throw new AppError(ErrCode.NOT_FRIEND);
    const info = await friendInfo(db, userID, req.friendUserID);
    if (!info) throw new AppError(ErrCode.NOT_FRIEND);
    push.notice([userID], 'friendInfoChanged', info);
    await this.#pushConversation(userID, req.friendUserID);
    return info;
  }

  /** Ends the friendship on both sides; each side hears of it with its own former FriendInfo. */
  async delete(userID: string, friendUserID: string): Promise<void> {
    const { db, push } = this.#deps;
    const mine = await friendInfo(db, userID, friendUserID);
    if (!mine) throw new AppError(ErrCode.NOT_FRIEND);
    const theirs = await friendInfo(db, friendUserID, userID);
    await db.transaction().execute((trx) => deleteFriendship(trx, userID, friendUserID));
    this.#deps.sendFacts.forget(userID, friendUserID);
    push.notice([userID], 'friendDeleted', mine);
    if (theirs) push.notice([friendUserID], 'friendDeleted', theirs);
    if (mine.remark) await this.#pushConversation(userID, friendUserID);
  }

  /** The owner's conversation with the friend, when it is shown, named anew. */
  async #pushConversation(ownerID: string, peerID: string): Promise<void> {
    const items = await this.#conversations.getMany(ownerID, [singleConversationID(ownerID, peerID)]);
    if (items.length > 0) this.#deps.push.conversationChanged(ownerID, items);
  }
}
