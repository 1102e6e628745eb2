import { isSilentChange, MsgFrom, peerOfSingleConversation, SessionType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { Transaction } from 'kysely';
import type { AppContext } from '../app-context.ts';
import { membersOf } from '../message/conversation-members.ts';
import type { Caller } from '../message/message-service.ts';
import { toMessageItem } from '../message/message-row.ts';
import type { MessageDraft, MessageRow } from '../message/message-row.ts';
import { SERVER_ID_PREFIX } from '../message/send-request.ts';
import { viewTarget } from '../message/view-target.ts';
import type { Tables } from '../storage/tables.ts';

export type ChangeDeps = Pick<AppContext, 'db' | 'push' | 'messageWriter' | 'userCache'>;

/** One change to a stored message (docs/api.md#message-changes). */
export interface ChangeInput {
  caller: Caller;
  /** The message changed, as read before the change. */
  target: MessageRow;
  /** The notice's content type: 2101 revoke, 2150 read, 2160 edit, 2161 reaction, 2162 burn. */
  contentType: number;
  /** Makes the change idempotent: the notice's clientMsgID is `srv:<key>` from the caller. */
  key: string;
  /**
   * Rewrites the target in place inside the storing transaction and answers the notice's detail. It
   * may read the row again there (a reaction's totals) and throw an AppError to store nothing.
   */
  apply: (trx: Transaction<Tables>) => Promise<object>;
}

/**
 * THE one way a sent message changes (docs/api.md#message-changes): in one transaction, through the
 * app's message writer, the target is rewritten in place and a notice with its own seq is stored
 * (msgFrom system, the caller as sender, `notificationElem.detail` = the change's JSON); then the
 * notice is pushed to every participant's sockets but the caller's own. Pulls by seq carry it to a
 * device that was offline, so every device converges. A repeat of the same key answers the first
 * notice and changes nothing.
 *
 * A silent change (isSilentChange) touches nobody's conversation row: it never brings a deleted
 * conversation back, never moves anyone's read position, and the writer keeps the conversation's
 * latest send time; unread counts and list summaries skip it (src/message/view-queries.ts,
 * src/message/conversation-items.ts).
 */
export async function recordChange(deps: ChangeDeps, input: ChangeInput): Promise<MessageItem> {
  const { caller, target } = input;
  const conversationID = target.conversationId;
  const [members, changer] = await Promise.all([
    membersOf(deps.db, conversationID, target.sessionType),
    deps.userCache.get(caller.userID),
  ]);
  const single = target.sessionType === SessionType.Single;
  const draft: MessageDraft = {
    conversationId: conversationID,
    clientMsgId: `${SERVER_ID_PREFIX}${input.key}`,
    sendId: caller.userID,
    recvId: single ? (peerOfSingleConversation(conversationID, caller.userID) ?? '') : '',
    groupId: target.groupId,
    senderNickname: changer?.nickname ?? '',
    senderFaceUrl: changer?.faceUrl ?? '',
    senderPlatformId: caller.platform,
    sessionType: target.sessionType,
    contentType: input.contentType,
    msgFrom: MsgFrom.System,
    createTime: Date.now(),
    content: '',
  };
  const silent = isSilentChange(input.contentType);
  const { row, fresh } = await deps.messageWriter.store(draft, {
    views: silent
      ? []
      : members.map((id) => viewTarget(conversationID, target.sessionType, id, target.groupId)),
    // The writer reads the draft after this hook: the detail reflects the row as rewritten here.
    before: async (trx) => {
      const detail = await input.apply(trx);
      draft.content = JSON.stringify({ detail: JSON.stringify(detail) });
    },
  });
  const notice = toMessageItem(row);
  if (fresh) deps.push.message(members, notice, caller.connID);
  return notice;
}
