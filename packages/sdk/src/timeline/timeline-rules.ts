import {
  ContentType,
  isSilentChange,
  MessageStatus,
  peerOfSingleConversation,
  SessionType,
} from '@im/protocol';
import type { MessageItem, RevokedDetail, UserInfo } from '@im/protocol';
import { isCallSignalMessage, isRevokeNoticeRecord } from './message-kinds.ts';

/** The open chat as the incoming-message rules see it. */
export interface ChatScope {
  conversationID: string;
  selfID: string;
  /** The peer of a one-to-one chat. */
  userID: string;
  groupID: string;
}

/** The scope of a conversation: its peer for `si_…`, its group for `sg_…`, neither for notifications. */
export function chatScopeOf(conversationID: string, selfID: string): ChatScope {
  const groupID = conversationID.startsWith('sg_') ? conversationID.slice(3) : '';
  const userID = groupID ? '' : (peerOfSingleConversation(conversationID, selfID) ?? '');
  return { conversationID, selfID, userID, groupID };
}

/**
 * docs/product.md#incoming-messages: a message belongs to the open chat when it is a single message
 * from the peer or an own message to the peer, a group message of its group, or a notification from
 * the peer. A message filed under the chat's conversationID belongs too.
 */
export function belongsToChat(message: MessageItem, chat: ChatScope): boolean {
  if (message.conversationID && message.conversationID === chat.conversationID) return true;
  if (chat.groupID) return message.sessionType === SessionType.Group && message.groupID === chat.groupID;
  if (!chat.userID) return false;
  if (message.sessionType === SessionType.Single) {
    return (
      (message.sendID === chat.userID && message.recvID === chat.selfID) ||
      (message.sendID === chat.selfID && message.recvID === chat.userID)
    );
  }
  return message.sessionType === SessionType.Notification && message.sendID === chat.userID;
}

/**
 * Never shown as a message of their own (docs/product.md#incoming-messages): typing notices,
 * call-signalling custom messages (200–204), silent change notices (edits, reactions, read marks,
 * burns: applied to their target instead, docs/api.md#message-changes), and messages deleted on
 * this device.
 */
export function isHiddenMessage(message: MessageItem): boolean {
  return (
    message.contentType === ContentType.Typing ||
    message.status === MessageStatus.Deleted ||
    isSilentChange(message.contentType) ||
    isCallSignalMessage(message)
  );
}

/** Whether a pushed message is appended to the open chat. */
export function shouldAppend(message: MessageItem, chat: ChatScope): boolean {
  return (
    belongsToChat(message, chat) && message.contentType !== ContentType.Revoke && !isHiddenMessage(message)
  );
}

/**
 * A history page as the chat shows it: a revoked message already reads as its notice in place, so
 * the separate stored 2101 record is left out, like everything isHiddenMessage names.
 */
export function visibleHistory(messages: MessageItem[]): MessageItem[] {
  return messages.filter((m) => !isHiddenMessage(m) && !isRevokeNoticeRecord(m));
}

/** Messages added at the end; one already shown (same clientMsgID) is replaced where it is. */
export function upsertMessages(list: MessageItem[], incoming: MessageItem[]): MessageItem[] {
  if (incoming.length === 0) return list;
  const next = [...list];
  const at = new Map(next.map((m, i) => [m.clientMsgID, i]));
  for (const message of incoming) {
    const index = at.get(message.clientMsgID);
    if (index === undefined) {
      at.set(message.clientMsgID, next.length);
      next.push(message);
    } else next[index] = message;
  }
  return next;
}

/** Messages rewritten in place (an edit, reactions) replace their shown copies; others are left out. */
export function replaceShown(list: MessageItem[], changed: MessageItem[]): MessageItem[] {
  const byID = new Map(changed.map((m) => [m.clientMsgID, m]));
  if (!list.some((m) => byID.has(m.clientMsgID))) return list;
  return list.map((m) => byID.get(m.clientMsgID) ?? m);
}

/** An older page put before the list, without messages already shown. */
export function prependMessages(list: MessageItem[], older: MessageItem[]): MessageItem[] {
  const shown = new Set(list.map((m) => m.clientMsgID));
  return [...older.filter((m) => !shown.has(m.clientMsgID)), ...list];
}

/**
 * docs/product.md#incoming-messages: the revoked message becomes a revoke notice in place (same
 * clientMsgID and seq). The one rule for the store (changes/apply-change.ts) and the timelines.
 */
export function revokedInPlace(message: MessageItem, detail: RevokedDetail | string): MessageItem {
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
  return { ...message, contentType: ContentType.Revoke, notificationElem: { detail: text } };
}

/** A shown message revoked: it turns into its notice where it is. */
export function applyRevoked(list: MessageItem[], detail: RevokedDetail): MessageItem[] {
  if (!list.some((m) => m.clientMsgID === detail.clientMsgID)) return list;
  return list.map((m) => (m.clientMsgID === detail.clientMsgID ? revokedInPlace(m, detail) : m));
}

/** An own info update changes the nickname and face on the shown own messages. */
export function applySelfInfo(list: MessageItem[], self: Pick<UserInfo, 'userID' | 'nickname' | 'faceURL'>) {
  if (!list.some((m) => m.sendID === self.userID)) return list;
  return list.map((m) =>
    m.sendID === self.userID ? { ...m, senderNickname: self.nickname, senderFaceUrl: self.faceURL } : m,
  );
}

/** A cleared history (minSeq moved up): stored messages up to minSeq go, unsent ones stay. */
export function dropClearedMessages(list: MessageItem[], minSeq: number): MessageItem[] {
  if (minSeq <= 0 || !list.some((m) => m.seq > 0 && m.seq <= minSeq)) return list;
  return list.filter((m) => !(m.seq > 0 && m.seq <= minSeq));
}

/**
 * The order of a timeline: stored messages by seq, then the unsent ones (seq 0: Sending, Failed) in
 * the order they were written. A send that succeeds takes its seq and stays where it is, since it is
 * the newest stored message.
 */
export function compareTimeline(a: MessageItem, b: MessageItem): number {
  const rank = (m: MessageItem) => (m.seq > 0 ? m.seq : Number.POSITIVE_INFINITY);
  const byRank = rank(a) - rank(b);
  if (byRank !== 0 && !Number.isNaN(byRank)) return byRank;
  return a.createTime - b.createTime;
}
