import {
  ContentType,
  ErrCode,
  MsgFrom,
  parseRevokedDetail,
  peerOfSingleConversation,
  SessionType,
} from '@im/protocol';
import type { MessageItem, RevokedDetail } from '@im/protocol';
import type { AppContext } from '../app-context.ts';
import { membersOf } from './conversation-members.ts';
import { getView } from './view-queries.ts';
import { viewTarget } from './view-target.ts';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import { findUserByID } from '../user/user-queries.ts';
import { findByClientMsgID, findBySeq } from './message-queries.ts';
import { toMessageItem } from './message-row.ts';
import type { MessageRow } from './message-row.ts';
import type { Caller } from './message-service.ts';
import { rewriteMessage } from './message-store.ts';
import { checkRevokePolicy } from './revoke-policy.ts';
import { isGroupMember } from '../group/member-queries.ts';
import { SERVER_ID_PREFIX } from './send-request.ts';

/** The clientMsgID of the notice that revokes a message: one notice per message, so a retry finds it. */
function noticeID(revoked: MessageRow): string {
  return `${SERVER_ID_PREFIX}revoke-${revoked.serverMsgId}`;
}

/**
 * Revoke (protocol/src/revoke.ts): in one transaction the message is rewritten in place as a 2101
 * notice (same clientMsgID and seq, so pulls and history show the notice from then on) and a new 2101
 * notice with its own seq is stored and pushed, carrying the RevokedDetail.
 */
export class RevokeService {
  readonly #db: Database;
  readonly #deps: Pick<AppContext, 'push' | 'messageWriter'>;

  constructor(deps: Pick<AppContext, 'db' | 'push' | 'messageWriter'>) {
    this.#db = deps.db;
    this.#deps = deps;
  }

  async revoke(caller: Caller, conversationID: string, seq: number): Promise<MessageItem> {
    const view = await getView(this.#db, caller.userID, conversationID);
    const notFound = () =>
      new AppError(ErrCode.NOT_FOUND, { detail: `message ${conversationID}#${seq} not found` });
    // Past the caller's visible end (a former member's leave notice) is as missing as past the max.
    const target =
      view && seq > view.minSeq && seq <= view.maxSeq
        ? await findBySeq(this.#db, conversationID, seq)
        : undefined;
    if (!target) throw notFound();
    // A former member learns nothing of the group's messages, not even an earlier revoke's notice.
    if (
      target.sessionType === SessionType.Group &&
      !(await isGroupMember(this.#db, target.groupId, caller.userID))
    )
      throw notFound();
    // A user message rewritten by an earlier revoke (its notices are system messages, never revocable).
    if (target.contentType === ContentType.Revoke && target.msgFrom === MsgFrom.User)
      return this.#earlierNotice(target);
    await checkRevokePolicy(this.#db, caller.userID, target);

    const revoker = await findUserByID(this.#db, caller.userID);
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
    const content = JSON.stringify({ detail: JSON.stringify(detail) });
    const single = target.sessionType === SessionType.Single;
    const members = await membersOf(this.#db, conversationID, target.sessionType);
    const { row, fresh } = await this.#deps.messageWriter.store(
      {
        conversationId: conversationID,
        clientMsgId: noticeID(target),
        sendId: caller.userID,
        recvId: single ? (peerOfSingleConversation(conversationID, caller.userID) ?? '') : '',
        groupId: target.groupId,
        senderNickname: revoker?.nickname ?? '',
        senderFaceUrl: revoker?.faceUrl ?? '',
        senderPlatformId: caller.platform,
        sessionType: target.sessionType,
        contentType: ContentType.Revoke,
        msgFrom: MsgFrom.System,
        createTime: Date.now(),
        content,
      },
      {
        views: members.map((id) => viewTarget(conversationID, target.sessionType, id, target.groupId)),
        before: (trx) =>
          rewriteMessage(trx, conversationID, seq, { contentType: ContentType.Revoke, content }),
      },
    );
    const notice = toMessageItem(row);
    if (fresh) this.#deps.push.message(members, notice, caller.connID);
    return notice;
  }

  /** A message revoked before: its notice again (a retried revoke), nothing stored or pushed. */
  async #earlierNotice(revoked: MessageRow): Promise<MessageItem> {
    const detail = parseRevokedDetail((JSON.parse(revoked.content) as { detail?: string }).detail);
    const notice = detail
      ? await findByClientMsgID(this.#db, detail.revokerID, noticeID(revoked))
      : undefined;
    if (!notice) throw new AppError(ErrCode.NOT_FOUND, { detail: 'the revoke notice is gone' });
    return toMessageItem(notice);
  }
}
