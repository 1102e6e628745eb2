import { ContentType, MsgFrom, SessionType } from '@im/protocol';
import type { MessageDraft } from '../../packages/server/src/message/message-row.ts';

/** A one-to-one text as the server stores it, for benches that seed history through its writer. */
export function textDraft(draft: {
  conversationId: string;
  clientMsgId: string;
  sendId: string;
  recvId: string;
  senderNickname: string;
  text: string;
}): MessageDraft {
  const { text, ...ids } = draft;
  return {
    ...ids,
    senderFaceUrl: '',
    senderPlatformId: 5,
    sessionType: SessionType.Single,
    contentType: ContentType.Text,
    msgFrom: MsgFrom.User,
    createTime: Date.now(),
    content: JSON.stringify({ content: text }),
  };
}
