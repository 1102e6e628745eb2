import type { Insertable, Selectable } from 'kysely';
import { elemKeyFor, MessageStatus } from '@im/protocol';
import type { MessageItem, MessageReaction } from '@im/protocol';
import type { MessagesTable } from '../storage/messaging-schema.ts';

export type MessageRow = Selectable<MessagesTable>;

/** A message before it has its seq: what a send or a notification stores. */
export type MessageDraft = Omit<Insertable<MessagesTable>, 'seq' | 'sendTime' | 'serverMsgId'>;

/** The stored row as the client sees it; the element named by the content type carries `content`. */
export function toMessageItem(row: MessageRow): MessageItem {
  const item: MessageItem = {
    clientMsgID: row.clientMsgId,
    serverMsgID: row.serverMsgId,
    conversationID: row.conversationId,
    seq: Number(row.seq),
    sendID: row.sendId,
    recvID: row.recvId,
    groupID: row.groupId,
    senderNickname: row.senderNickname,
    senderFaceUrl: row.senderFaceUrl,
    senderPlatformID: row.senderPlatformId,
    sessionType: row.sessionType,
    contentType: row.contentType,
    msgFrom: row.msgFrom,
    createTime: Number(row.createTime),
    sendTime: Number(row.sendTime),
    status: MessageStatus.Succeeded,
    isRead: false,
  };
  if (row.ex) item.ex = row.ex;
  Object.assign(item, changedFields(row));
  const key = elemKeyFor(row.contentType);
  if (key) Object.assign(item, { [key]: JSON.parse(row.content) as unknown });
  return item;
}

/** An online-only message (typing, call signals): never stored, so seq 0 and times of now. */
export function onlineOnlyItem(draft: MessageDraft, serverMsgID: string, now: number): MessageItem {
  return toMessageItem({
    ...draft,
    recvId: draft.recvId ?? '',
    groupId: draft.groupId ?? '',
    senderNickname: draft.senderNickname ?? '',
    senderFaceUrl: draft.senderFaceUrl ?? '',
    senderPlatformId: draft.senderPlatformId ?? 0,
    ex: draft.ex ?? '',
    editTime: 0,
    reactions: '',
    seq: 0,
    serverMsgId: serverMsgID,
    sendTime: now,
  });
}

/** What later changes left on a message (docs/api.md#message-changes): its edit time and reactions. */
function changedFields(row: MessageRow): Pick<MessageItem, 'editTime' | 'reactions'> {
  const out: Pick<MessageItem, 'editTime' | 'reactions'> = {};
  const editTime = Number(row.editTime ?? 0);
  if (editTime > 0) out.editTime = editTime;
  if (row.reactions) out.reactions = JSON.parse(row.reactions) as MessageReaction[];
  return out;
}
