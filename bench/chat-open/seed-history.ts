import { SessionType, singleConversationID } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import type { TestServer } from '@im/server/testing';
import { viewTarget } from '../../packages/server/src/message/view-target.ts';
import { textDraft } from '../support/text-draft.ts';

/**
 * `count` texts "Message 1" … "Message N" from `from` to `to`, stored through the server's own
 * message writer (seqs, conversation rows and all), a thousand at a time: the bench times reading
 * history, not sending it.
 */
export async function seedHistory(
  server: TestServer,
  from: LoginResp,
  to: LoginResp,
  count: number,
): Promise<void> {
  const conversationID = singleConversationID(from.userID, to.userID);
  const views = [from.userID, to.userID].map((id) => viewTarget(conversationID, SessionType.Single, id));
  const writer = server.app.messenger.messageWriter;
  for (let start = 1; start <= count; start += 1000) {
    const batch = [];
    for (let n = start; n < Math.min(count + 1, start + 1000); n += 1) {
      batch.push(
        writer.store(
          textDraft({
            conversationId: conversationID,
            clientMsgId: `seed-${n}`,
            sendId: from.userID,
            recvId: to.userID,
            senderNickname: 'Ann',
            text: `Message ${n}`,
          }),
          { views },
        ),
      );
    }
    await Promise.all(batch);
  }
}
