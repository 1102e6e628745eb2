import { ContentType, MessageStatus, SessionType } from '@im/protocol';
import type { ConversationItem, MessageItem } from '@im/protocol';

let next = 0;

/** A stored text message; override what a test is about. */
export function message(fields: Partial<MessageItem> = {}): MessageItem {
  next += 1;
  return {
    clientMsgID: `c${next}`,
    serverMsgID: `s${next}`,
    conversationID: 'si_alice_bob',
    seq: next,
    sendID: 'bob',
    recvID: 'alice',
    groupID: '',
    senderNickname: 'Bob',
    senderFaceUrl: '',
    senderPlatformID: 5,
    sessionType: SessionType.Single,
    contentType: ContentType.Text,
    msgFrom: 100,
    createTime: 1000,
    sendTime: 1000,
    status: MessageStatus.Succeeded,
    isRead: false,
    textElem: { content: 'hello' },
    ...fields,
  };
}

export function conversation(fields: Partial<ConversationItem> = {}): ConversationItem {
  return {
    conversationID: 'si_alice_bob',
    conversationType: SessionType.Single,
    userID: 'bob',
    groupID: '',
    showName: 'Bob',
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
    ...fields,
  };
}

/** A notification message with its detail as JSON. */
export function notice(contentType: number, detail: object, fields: Partial<MessageItem> = {}): MessageItem {
  return message({
    contentType,
    textElem: undefined,
    notificationElem: { detail: JSON.stringify(detail) },
    ...fields,
  });
}
