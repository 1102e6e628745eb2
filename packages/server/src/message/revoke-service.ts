import { ContentType, ErrCode, MsgFrom, parseRevokedDetail } from '@im/protocol';
import type { MessageItem, RevokedDetail } from '@im/protocol';
import { findChangeTarget } from '../change/change-target.ts';
import { recordChange } from '../change/record-change.ts';
import type { ChangeDeps } from '../change/record-change.ts';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import { findByClientMsgID } from './message-queries.ts';
import { toMessageItem } from './message-row.ts';
import type { MessageRow } from './message-row.ts';
import type { Caller } from './message-service.ts';
import { rewriteMessage } from './message-store.ts';
import { SERVER_ID_PREFIX } from './send-request.ts';
import { checkRevokePolicy } from './revoke-policy.ts';

/** The key of the notice that revokes a message: one notice per message, so a retry finds it. */
function noticeKey(revoked: MessageRow): string {
  return `revoke-${revoked.serverMsgId}`;
}

/**
 * Revoke (protocol/src/revoke.ts), a change to a sent message like the others
 * (src/change/record-change.ts, docs/api.md#message-changes): the message is rewritten in place as a
 * 2101 notice (same clientMsgID and seq, so pulls and history show the notice from then on) and a
 * new 2101 notice with its own seq is stored and pushed, carrying the RevokedDetail. Unlike the
 * silent changes it is shown, so it brings the conversation back to its members' lists.
 */
export class RevokeService {
  readonly #db: Database;
  readonly #deps: ChangeDeps;

  constructor(deps: ChangeDeps) {
    this.#db = deps.db;
    this.#deps = deps;
  }

  async revoke(caller: Caller, conversationID: string, seq: number): Promise<MessageItem> {
    // Past the caller's visible end, and a group's messages once not a member, are as missing as past the max.
    const target = await findChangeTarget(this.#db, caller.userID, conversationID, seq);
    // A user message rewritten by an earlier revoke (its notices are system messages, never revocable).
    if (target.contentType === ContentType.Revoke && target.msgFrom === MsgFrom.User)
      return this.#earlierNotice(target);
    await checkRevokePolicy(this.#db, caller.userID, target);

    const revoker = await this.#deps.userCache.get(caller.userID);
    const detail: RevokedDetail = {
      conversationID,
      clientMsgID: target.clientMsgId,
      seq,
      sessionType: target.sessionType,
      revokerID: caller.userID,
      revokerNickname: revoker?.nickname ?? '',
      revokeTime: Date.now(),
      sourceMessageSendID: target.sendId,
      sourceMessageSenderNickname: target.senderNickname,
    };
    return recordChange(this.#deps, {
      caller,
      target,
      contentType: ContentType.Revoke,
      key: noticeKey(target),
      apply: async (trx) => {
        const content = JSON.stringify({ detail: JSON.stringify(detail) });
        await rewriteMessage(trx, conversationID, seq, { contentType: ContentType.Revoke, content });
        return detail;
      },
    });
  }

  /** A message revoked before: its notice again (a retried revoke), nothing stored or pushed. */
  async #earlierNotice(revoked: MessageRow): Promise<MessageItem> {
    const detail = parseRevokedDetail((JSON.parse(revoked.content) as { detail?: string }).detail);
    const notice = detail
      ? await findByClientMsgID(this.#db, detail.revokerID, `${SERVER_ID_PREFIX}${noticeKey(revoked)}`)
      : undefined;
    if (!notice) throw new AppError(ErrCode.NOT_FOUND, { detail: 'the revoke notice is gone' });
    return toMessageItem(notice);
  }
}
