import { ContentType, MessageStatus, MsgFrom, SessionType, singleConversationID } from '@im/protocol';
import type { ConversationItem, MessageItem } from '@im/protocol';

/** A stored one-to-one text message for tests. */
export function textMessage(seq: number, overrides: Partial<MessageItem> = {}): MessageItem {
  const sendID = overrides.sendID ?? 'alice';
  const recvID = overrides.recvID ?? 'bob';
  return {
    clientMsgID: `c-${overrides.conversationID ?? 'x'}-${seq}`,
    serverMsgID: `s-${seq}`,
    conversationID: singleConversationID(sendID, recvID),
    seq,
    sendID,
    recvID,
    groupID: '',
    senderNickname: sendID,
    senderFaceUrl: '',
    senderPlatformID: 5,
    sessionType: SessionType.Single,
    contentType: ContentType.Text,
    msgFrom: MsgFrom.User,
    createTime: 1000 + seq,
    sendTime: 1000 + seq,
    status: MessageStatus.Succeeded,
    isRead: false,
    textElem: { content: `message ${seq}` },
    ...overrides,
  };
}

export function conversation(
  conversationID: string,
  overrides: Partial<ConversationItem> = {},
): ConversationItem {
  return {
    conversationID,
    conversationType: SessionType.Single,
    userID: '',
    groupID: '',
    showName: conversationID,
    faceURL: '',
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
    maxSeq: 0,
    hasReadSeq: 0,
    minSeq: 0,
    ...overrides,
  };
}
