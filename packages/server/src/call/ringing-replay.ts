import { CallSignal, ContentType, MsgFrom, SessionType, singleConversationID } from '@im/protocol';
import type { CallInvitation, CallMediaType, CallSignalPayload, MessageItem } from '@im/protocol';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { AppContext } from '../app-context.ts';
import { onlineOnlyItem } from '../message/message-row.ts';
import { SERVER_ID_PREFIX } from '../message/send-request.ts';
import { runCompiled } from '../storage/compiled-query.ts';
import type { CallsTable } from '../storage/calls-schema.ts';

type RingingCall = Pick<
  Selectable<CallsTable>,
  'roomId' | 'inviterUserId' | 'mediaType' | 'timeoutS' | 'startTime'
>;

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
  // Plain SQL, the same on both databases: every socket that opens asks, a reconnect storm ten
  // thousand times a second (docs/decisions.md#hot-reads-in-plain-sql).
  const { rows: calls } = await runCompiled(
    ctx.db,
    'ringing-invites',
    () => sql<RingingCall>`
    SELECT room_id, inviter_user_id, media_type, timeout_s, start_time
    FROM calls WHERE invitee_user_id = ${''} AND state = 'ringing'`,
    [userID],
  );
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
