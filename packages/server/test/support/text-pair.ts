import { ContentType, MsgFrom, SessionType, singleConversationID } from '@im/protocol';
import type { MessageDraft } from '../../src/message/message-row.ts';
import { viewTarget } from '../../src/message/view-target.ts';

/**
 * Users `a<n>` and `b<n>` and their one-to-one conversation: both users' views, and `draft(text)`, a
 * text from the first to the second whose clientMsgID is made of `n` and the text (the same text
 * twice is a resend).
 */
export function textPair(n: number) {
  const [a, b] = [`a${n}`, `b${n}`];
  const conversationID = singleConversationID(a, b);
  const views = [a, b].map((id) => viewTarget(conversationID, SessionType.Single, id));
  const draft = (text: string): MessageDraft => ({
    conversationId: conversationID,
    clientMsgId: `c${n}-${text}`,
    sendId: a,
    recvId: b,
    sessionType: SessionType.Single,
    contentType: ContentType.Text,
    msgFrom: MsgFrom.User,
    createTime: Date.now(),
    content: JSON.stringify({ content: text }),
  });
  return { a, b, conversationID, views, draft };
}
