import { ContentType, ErrCode, peerOfSingleConversation, SessionType } from '@im/protocol';
import type { BurnSettingDetail, ConversationItem, setBurnAfterReadingSchema } from '@im/protocol';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { Messaging } from '../message/messaging.ts';
import { checkSendPolicy } from '../message/send-policy.ts';
import { findUserByID } from '../user/user-queries.ts';

/**
 * The burn-after-reading switch of a one-to-one chat (docs/product.md#burn-after-reading): one
 * setting shared by both users, so both rows change together, in the transaction of the 1701 notice
 * that tells both of them ("X turned on burn-after-reading: 5 minutes"). Only friends who may message
 * each other change it (the send rule: blacklist and friendship), never in a note-to-self.
 */
export class BurnSettingService {
  readonly #ctx: Pick<AppContext, 'db' | 'push' | 'sendFacts'>;
  readonly #messaging: Messaging;

  constructor(ctx: Pick<AppContext, 'db' | 'push' | 'sendFacts'>, messaging: Messaging) {
    this.#ctx = ctx;
    this.#messaging = messaging;
  }

  async set(userID: string, req: z.output<typeof setBurnAfterReadingSchema>): Promise<ConversationItem> {
    const peer = peerOfSingleConversation(req.conversationID, userID);
    if (!peer || peer === userID)
      throw new AppError(ErrCode.NOT_FOUND, {
        detail: `conversation ${req.conversationID}: burn-after-reading is for one-to-one chats`,
      });
    await checkSendPolicy(this.#ctx.db, {
      sendID: userID,
      sessionType: SessionType.Single,
      recvID: peer,
      groupID: '',
    });
    const op = await findUserByID(this.#ctx.db, userID);
    const detail: BurnSettingDetail = {
      opUser: { userID, nickname: op?.nickname ?? '', faceURL: op?.faceUrl ?? '' },
      isPrivate: req.isPrivateChat,
      burnDuration: req.burnDuration,
    };
    const users = [userID, peer];
    // Forgotten even when the store failed after its commit (a hook, a push): a stale burn setting
    // would go on the pair's next messages.
    try {
      await this.#messaging.messages.storeNotification({
        conversationID: req.conversationID,
        sessionType: SessionType.Single,
        contentType: ContentType.BurnAfterReadingChanged,
        detail,
        sendID: userID,
        recvID: peer,
        userIDs: users,
        apply: async (trx) => {
          await trx
            .updateTable('userConversations')
            .set({ isPrivateChat: req.isPrivateChat ? 1 : 0, burnDuration: req.burnDuration })
            .where('conversationId', '=', req.conversationID)
            .where('ownerUserId', 'in', users)
            .execute();
        },
      });
    } finally {
      this.#ctx.sendFacts.forget(userID, peer);
    }
    // Both users' devices hear of their row (the notice's own push carries the message).
    const [own] = await this.#messaging.conversations.getMany(userID, [req.conversationID]);
    const [theirs] = await this.#messaging.conversations.getMany(peer, [req.conversationID]);
    if (own) this.#ctx.push.conversationChanged(userID, [own]);
    if (theirs) this.#ctx.push.conversationChanged(peer, [theirs]);
    if (!own)
      throw new AppError(ErrCode.NOT_FOUND, { detail: `conversation ${req.conversationID} not found` });
    return own;
  }
}
