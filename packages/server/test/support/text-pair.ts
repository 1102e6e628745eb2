import { ContentType, MsgFrom, SessionType, singleConversationID } from '@im/protocol';
import type { MessageDraft } from '../../src/message/message-row.ts';
import { viewTarget } from '../../src/message/view-target.ts';

/**
 * Users `a<n>` and `b<n>` and their one-to-one conversation: both users' views, and `draft(text)`, a
 * text from the first to the second whose clientMsgID is made of `n` and the text (the same text
 * twice is a resend).
 */
export function textPair(n: number) {
  return textPairOf(`a${n}`, `b${n}`, (text) => `c${n}-${text}`);
}

/**
 * Users `a` and `b` and their one-to-one conversation: both users' views, and `draft(text, from)`, a
 * text from `from` (the first unless told) to the other, whose clientMsgID `clientMsgID(text)` makes.
 */
export function textPairOf(a: string, b: string, clientMsgID: (text: string) => string = (text) => text) {
  const conversationID = singleConversationID(a, b);
  const views = [a, b].map((id) => viewTarget(conversationID, SessionType.Single, id));
  const draft = (text: string, from = a): MessageDraft => ({
    conversationId: conversationID,
    clientMsgId: clientMsgID(text),
    sendId: from,
    recvId: from === a ? b : a,
    sessionType: SessionType.Single,
    contentType: ContentType.Text,
    msgFrom: MsgFrom.User,
    createTime: Date.now(),
    content: JSON.stringify({ content: text }),
  });
  return { a, b, conversationID, views, draft };
}
