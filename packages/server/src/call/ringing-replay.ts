import { CallSignal, ContentType, MsgFrom, SessionType, singleConversationID } from '@im/protocol';
import type { CallInvitation, CallMediaType, CallSignalPayload, MessageItem } from '@im/protocol';
import type { AppContext } from '../app-context.ts';
import { onlineOnlyItem } from '../message/message-row.ts';
import { SERVER_ID_PREFIX } from '../message/send-request.ts';

/**
 * The invites still ringing for a user, as the invite signals their devices got (online-only, so a
 * device that was not connected missed them). A device that connects while a call rings — the app
 * opened from the call's push notification — gets them on its new socket only, so that it rings
 * too (docs/product.md#notifications); the devices already ringing are not told again.
 */
export async function ringingInvites(
  ctx: Pick<AppContext, 'db' | 'userCache'>,
  userID: string,
  now: number,
): Promise<MessageItem[]> {
  const calls = await ctx.db
    .selectFrom('calls')
    .selectAll()
    .where('inviteeUserId', '=', userID)
    .where('state', '=', 'ringing')
    .execute();
  const ringing = calls.filter((call) => Number(call.startTime) + call.timeoutS * 1000 > now);
  return Promise.all(
    ringing.map(async (call) => {
      const inviter = await ctx.userCache.get(call.inviterUserId);
      const invitation: CallInvitation = {
        roomID: call.roomId,
        inviterUserID: call.inviterUserId,
        inviteeUserIDList: [userID],
        mediaType: call.mediaType as CallMediaType,
        sessionType: SessionType.Single,
        groupID: '',
        timeout: Math.max(1, Math.ceil((Number(call.startTime) + call.timeoutS * 1000 - now) / 1000)),
        initiateTime: Number(call.startTime),
      };
      const signal: CallSignalPayload = { customType: CallSignal.Invite, data: invitation };
      return onlineOnlyItem(
        {
          conversationId: singleConversationID(call.inviterUserId, userID),
          clientMsgId: `${SERVER_ID_PREFIX}invite-${call.roomId}`,
          sendId: call.inviterUserId,
          recvId: userID,
          senderNickname: inviter?.nickname ?? '',
          senderFaceUrl: inviter?.faceUrl ?? '',
          sessionType: SessionType.Single,
          contentType: ContentType.Custom,
          msgFrom: MsgFrom.User,
          createTime: Number(call.startTime),
          content: JSON.stringify({ data: JSON.stringify(signal), description: '', extension: '' }),
        },
        `${call.roomId}-replay`.replaceAll('-', ''),
        now,
      );
    }),
  );
}
