import { ContentType, MessageStatus, SessionType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';

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

/** A notification message with its detail as JSON. */
export function notice(contentType: number, detail: object, fields: Partial<MessageItem> = {}): MessageItem {
  return message({
    contentType,
    textElem: undefined,
    notificationElem: { detail: JSON.stringify(detail) },
    ...fields,
  });
}
