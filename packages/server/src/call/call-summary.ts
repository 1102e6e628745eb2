import { sql } from 'kysely';
import {
  CALL_RECORD_CUSTOM_TYPE,
  ContentType,
  MsgFrom,
  SessionType,
  singleConversationID,
} from '@im/protocol';
import type { CallMediaType, CallSummaryPayload, MessageItem } from '@im/protocol';
import type { AppContext } from '../app-context.ts';
import { toMessageItem } from '../message/message-row.ts';
import { SERVER_ID_PREFIX } from '../message/send-request.ts';
import { viewTarget } from '../message/view-target.ts';
import type { CallRow } from './call-queries.ts';

/**
 * The call summary message (docs/product.md#call-flow): a stored custom message (110, customType 300)
 * in the one-to-one conversation, sent as the inviter to the invitee, so it syncs to every device of
 * both. One per room (its clientMsgID is made from the room). It is unread for the invitee only when
 * the call was missed: otherwise their read mark moves past it, when nothing before it was unread
 * (a read mark cannot skip one message, and older unread messages must stay unread).
 */
export async function storeCallSummary(
  ctx: Pick<AppContext, 'messageWriter' | 'userCache' | 'push'>,
  call: CallRow,
): Promise<MessageItem> {
  const conversationID = singleConversationID(call.inviterUserId, call.inviteeUserId);
  const payload: CallSummaryPayload = {
    customType: CALL_RECORD_CUSTOM_TYPE,
    data: {
      roomID: call.roomId,
      mediaType: call.mediaType as CallMediaType,
      outcome: call.outcome as CallSummaryPayload['data']['outcome'],
      duration: call.duration,
    },
  };
  const missed = call.outcome === 'canceled' || call.outcome === 'timeout';
  const sender = await ctx.userCache.get(call.inviterUserId);
  const { row, fresh } = await ctx.messageWriter.store(
    {
      conversationId: conversationID,
      clientMsgId: `${SERVER_ID_PREFIX}call-${call.roomId}`,
      sendId: call.inviterUserId,
      recvId: call.inviteeUserId,
      senderNickname: sender?.nickname ?? '',
      senderFaceUrl: sender?.faceUrl ?? '',
      senderPlatformId: 0,
      sessionType: SessionType.Single,
      contentType: ContentType.Custom,
      msgFrom: MsgFrom.User,
      createTime: call.endTime,
      content: JSON.stringify({ data: JSON.stringify(payload), description: '', extension: '' }),
    },
    {
      views: [call.inviterUserId, call.inviteeUserId].map((id) =>
        viewTarget(conversationID, SessionType.Single, id),
      ),
      after: missed
        ? undefined
        : async (trx, stored) => {
            await sql`UPDATE user_conversations SET has_read_seq = ${stored.seq}
              WHERE owner_user_id = ${call.inviteeUserId} AND conversation_id = ${conversationID}
                AND has_read_seq = ${Number(stored.seq) - 1}`.execute(trx);
          },
    },
  );
  const item = toMessageItem(row);
  if (fresh) ctx.push.message([call.inviterUserId, call.inviteeUserId], item);
  return item;
}
