import {
  AT_ALL_TAG,
  ContentType,
  GroupAtType,
  isNotification,
  isSilentChange,
  peerOfSingleConversation,
  SessionType,
} from '@im/protocol';
import type { ConversationItem, MessageItem } from '@im/protocol';

/**
 * Whether a message raises the unread count (docs/product.md#messages-and-sync): not own, not a notification
 * (the official notice excepted), not a typing message. The server counts the same way; its numbers replace
 * ours whenever a conversation comes from it.
 */
export function countsAsUnread(message: MessageItem, selfID: string): boolean {
  if (message.sendID === selfID) return false;
  if (message.contentType === ContentType.Typing) return false;
  return !isNotification(message.contentType) || message.contentType === ContentType.OfficialNotice;
}

/**
 * The @ mark a new group message leaves for this user (the server sets the same, docs/api.md): 1 at
 * me, 2 at all, 3 both, added to what the conversation had until it is read.
 */
export function groupAtTypeAfter(current: number, message: MessageItem, selfID: string): number {
  if (message.contentType !== ContentType.AtText || message.sendID === selfID) return current;
  const list = message.atTextElem?.atUserList ?? [];
  let mark = current;
  if (list.includes(selfID)) mark |= GroupAtType.AtMe;
  if (list.includes(AT_ALL_TAG)) mark |= GroupAtType.AtAll;
  return mark;
}

/**
 * The conversation after a new stored message, or null when the message is not newer than what the
 * conversation already shows (the server's copy may have counted it already).
 */
export function applyMessage(
  item: ConversationItem,
  message: MessageItem,
  selfID: string,
): ConversationItem | null {
  if (message.seq <= item.maxSeq) return null;
  // A silent change notice takes a seq and nothing else: not the summary, not unread, not read.
  if (isSilentChange(message.contentType)) return { ...item, maxSeq: message.seq };
  const unread = countsAsUnread(message, selfID) && message.seq > item.hasReadSeq;
  return {
    ...item,
    latestMsg: message,
    latestMsgSendTime: Math.max(item.latestMsgSendTime, message.sendTime),
    maxSeq: message.seq,
    // Own messages mean the user has seen the conversation up to here.
    hasReadSeq: message.sendID === selfID ? message.seq : item.hasReadSeq,
    unreadCount: message.sendID === selfID ? 0 : item.unreadCount + (unread ? 1 : 0),
    groupAtType:
      message.seq > item.hasReadSeq ? groupAtTypeAfter(item.groupAtType, message, selfID) : item.groupAtType,
  };
}

/** A conversation made from its first message, for when the server cannot be asked. */
export function conversationFromMessage(message: MessageItem, selfID: string): ConversationItem {
  const isGroup = message.sessionType === SessionType.Group;
  const peer = isGroup ? '' : (peerOfSingleConversation(message.conversationID, selfID) ?? message.sendID);
  const base: ConversationItem = {
    conversationID: message.conversationID,
    conversationType: message.sessionType,
    userID: peer,
    groupID: isGroup ? message.groupID : '',
    showName: message.sendID === peer ? message.senderNickname : '',
    faceURL: message.sendID === peer ? message.senderFaceUrl : '',
    recvMsgOpt: 0,
    unreadCount: 0,
    groupAtType: 0,
    latestMsg: null,
    latestMsgSendTime: 0,
    draftText: '',
    draftTextTime: 0,
    isPinned: false,
    isPrivateChat: false,
    burnDuration: 0,
    maxSeq: message.seq - 1,
    hasReadSeq: message.seq - 1,
    minSeq: 0,
  };
  return applyMessage(base, message, selfID) ?? base;
}
