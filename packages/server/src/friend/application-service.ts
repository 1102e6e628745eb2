import { AllowAddFriend, ErrCode, HandleResult } from '@im/protocol';
import type {
  addFriendSchema,
  applicationListSchema,
  FriendApplication,
  FriendApplicationsResp,
  respondFriendApplicationSchema,
} from '@im/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import type { MessageService } from '../message/message-service.ts';
import type { Push } from '../push/push.ts';
import type { Database } from '../storage/database.ts';
import { findUserByID } from '../user/user-queries.ts';
import type { UserRow } from '../user/user-queries.ts';
import {
  applicationPage,
  findApplication,
  handlePendingApplication,
  putApplication,
  toApplications,
} from './application-queries.ts';
import { storeFriendAddedNotice } from './contact-notices.ts';
import { friendInfo, insertFriendship } from './friend-queries.ts';
import { relationBetween } from './relation-queries.ts';
import type { Relation } from './relation-queries.ts';
import type { OneToOneFactsCache } from '../message/one-to-one-facts-cache.ts';

export interface ContactDeps {
  db: Database;
  push: Push;
  messages: MessageService;
  log: FastifyBaseLogger;
  /** Forgotten for a pair whose friendship or blacklist changed, after the commit. */
  sendFacts: Pick<OneToOneFactsCache, 'forget'>;
}

/** Blocked either way: no application, no acceptance (the blacklist does not end a friendship). */
function refuseBlocked(relation: Relation): void {
  if (relation.blockedByPeer) throw new AppError(ErrCode.BLOCKED_BY_PEER);
  if (relation.blocksPeer) throw new AppError(ErrCode.IN_OWN_BLACKLIST);
}

/**
 * Friend applications (docs/product.md#applications, docs/product.md#contacts-updates): send with a
 * verification message, accept (optionally with a remark) or reject with a message. One application per
 * ordered pair: a new one replaces the earlier. Accepting makes both friends and stores the 1204 "friend
 * added" notice in their conversation.
 *
 * When the recipient has already applied to the caller and that application is still pending, the
 * caller's application accepts it: both become friends at once, and both applications read approved.
 */
export class ApplicationService {
  readonly #deps: ContactDeps;

  constructor(deps: ContactDeps) {
    this.#deps = deps;
  }

  async apply(userID: string, req: z.output<typeof addFriendSchema>): Promise<FriendApplication> {
    const { db, push } = this.#deps;
    if (req.toUserID === userID)
      throw new AppError(ErrCode.ARGS, { detail: 'toUserID: you cannot add yourself as a friend' });
    const recipient = await findUserByID(db, req.toUserID);
    if (!recipient) throw new AppError(ErrCode.NOT_FOUND, { detail: `user ${req.toUserID} not found` });
    const relation = await relationBetween(db, userID, req.toUserID);
    refuseBlocked(relation);
    if (relation.isFriend) throw new AppError(ErrCode.ALREADY_FRIEND);
    const reverse = await findApplication(db, req.toUserID, userID);
    // Their pending application is their consent, so it outweighs their privacy flag.
    if (reverse?.handleResult === HandleResult.Pending) {
      const mutual = await this.#acceptMutual(userID, recipient, req.reqMsg);
      if (mutual) return mutual;
    }
    if (recipient.allowAddFriend === AllowAddFriend.DENY) throw new AppError(ErrCode.FRIEND_ADD_DENIED);
    await putApplication(db, userID, req.toUserID, {
      reqMsg: req.reqMsg,
      handleResult: HandleResult.Pending,
      handleMsg: '',
      handlerUserID: '',
      createTime: Date.now(),
      handleTime: 0,
    });
    const application = await this.#read(userID, req.toUserID);
    push.notice([userID, req.toUserID], 'friendApplicationAdded', application);
    return application;
  }

  async respond(
    userID: string,
    req: z.output<typeof respondFriendApplicationSchema>,
  ): Promise<FriendApplication> {
    const { db, push } = this.#deps;
    const pending = await findApplication(db, req.fromUserID, userID);
    if (pending?.handleResult !== HandleResult.Pending) throw new AppError(ErrCode.APPLICATION_NOT_FOUND);
    const handled = {
      handleResult: req.handleResult,
      handleMsg: req.handleMsg,
      handlerUserID: userID,
      handleTime: Date.now(),
    };
    if (req.handleResult === HandleResult.Rejected) {
      const done = await db
        .transaction()
        .execute((trx) => handlePendingApplication(trx, req.fromUserID, userID, handled));
      if (!done) throw new AppError(ErrCode.APPLICATION_NOT_FOUND);
      const application = await this.#read(req.fromUserID, userID);
      push.notice([req.fromUserID, userID], 'friendApplicationRejected', application);
      return application;
    }
    const relation = await relationBetween(db, userID, req.fromUserID);
    refuseBlocked(relation);
    const done = await db.transaction().execute(async (trx) => {
      if (!(await handlePendingApplication(trx, req.fromUserID, userID, handled))) return false;
      await insertFriendship(
        trx,
        [
          { ownerUserID: userID, friendUserID: req.fromUserID, remark: req.remark },
          { ownerUserID: req.fromUserID, friendUserID: userID },
        ],
        handled.handleTime,
      );
      return true;
    });
    if (!done) throw new AppError(ErrCode.APPLICATION_NOT_FOUND);
    this.#deps.sendFacts.forget(userID, req.fromUserID);
    const accepter = await findUserByID(db, userID);
    const application = await this.#read(req.fromUserID, userID);
    if (accepter) {
      await this.#announceFriends([application], req.fromUserID, accepter, {
        newFriends: !relation.isFriend,
        handleMsg: req.handleMsg,
        handleTime: handled.handleTime,
      });
    }
    return application;
  }

  async list(
    userID: string,
    side: 'from' | 'to',
    req: z.output<typeof applicationListSchema>,
  ): Promise<FriendApplicationsResp> {
    const { rows, total } = await applicationPage(this.#deps.db, side, userID, req.offset, req.count);
    return { applications: await toApplications(this.#deps.db, rows), total };
  }

  /**
   * The caller applies to a user whose application to the caller is pending: that application is
   * approved by the caller, the caller's own is recorded approved, and both become friends. Undefined
   * when the pending application was handled meanwhile (the caller's then goes out as usual).
   */
  async #acceptMutual(
    userID: string,
    recipient: UserRow,
    reqMsg: string,
  ): Promise<FriendApplication | undefined> {
    const { db } = this.#deps;
    const now = Date.now();
    const done = await db.transaction().execute(async (trx) => {
      const approved = { handleResult: HandleResult.Approved, handleMsg: '', handleTime: now };
      const handled = await handlePendingApplication(trx, recipient.userId, userID, {
        ...approved,
        handlerUserID: userID,
      });
      if (!handled) return false;
      await putApplication(trx, userID, recipient.userId, {
        ...approved,
        reqMsg,
        handlerUserID: recipient.userId,
        createTime: now,
      });
      await insertFriendship(
        trx,
        [
          { ownerUserID: userID, friendUserID: recipient.userId },
          { ownerUserID: recipient.userId, friendUserID: userID },
        ],
        now,
      );
      return true;
    });
    if (!done) return undefined;
    this.#deps.sendFacts.forget(userID, recipient.userId);
    const caller = await findUserByID(db, userID);
    const theirs = await this.#read(recipient.userId, userID);
    const mine = await this.#read(userID, recipient.userId);
    if (caller) {
      await this.#announceFriends([theirs, mine], recipient.userId, caller, {
        newFriends: true,
        handleMsg: '',
        handleTime: now,
      });
    }
    return mine;
  }

  /** Tells both users' devices: the applications accepted, each one's new friend, and the 1204 notice. */
  async #announceFriends(
    applications: FriendApplication[],
    applicantID: string,
    accepter: UserRow,
    how: { newFriends: boolean; handleMsg: string; handleTime: number },
  ): Promise<void> {
    const { db, push } = this.#deps;
    const pair = [applicantID, accepter.userId];
    for (const application of applications) push.notice(pair, 'friendApplicationAccepted', application);
    if (!how.newFriends) return;
    for (const [owner, friend] of [pair, [...pair].reverse()]) {
      const info = await friendInfo(db, owner, friend);
      if (info) push.notice([owner], 'friendAdded', info);
    }
    try {
      await storeFriendAddedNotice(this.#deps.messages, applicantID, accepter, how.handleMsg, how.handleTime);
    } catch (error) {
      // The friendship is committed and announced; a missing notice must not turn it into a failure.
      this.#deps.log.error({ err: error }, 'friend added notice not stored');
    }
  }

  async #read(fromUserID: string, toUserID: string): Promise<FriendApplication> {
    const row = await findApplication(this.#deps.db, fromUserID, toUserID);
    if (!row) throw new AppError(ErrCode.APPLICATION_NOT_FOUND);
    const [application] = await toApplications(this.#deps.db, [row]);
    return application;
  }
}
