import { ContentType, SessionType, singleConversationID, WsPush } from '@im/protocol';
import type { FriendAddedDetail, NoticeEventName, NoticeEvents, NoticeFrame } from '@im/protocol';
import type { Bus } from '../bus/bus.ts';
import type { MessageService } from '../message/message-service.ts';
import { pushTo } from '../message/push.ts';
import type { UserRow } from '../user/user-queries.ts';

/**
 * A Notice push (`{ event, data }`) to every socket of the users, through the bus so any node holding a
 * socket delivers it. HTTP calls have no socket to leave out: the device that made the change hears it
 * too, which keeps every device on one path.
 */
export function pushNotice<K extends NoticeEventName>(
  bus: Bus,
  userIDs: string[],
  event: K,
  data: NoticeEvents[K],
): void {
  const frame: NoticeFrame<K> = { event, data };
  pushTo(bus, userIDs, WsPush.Notice, frame);
}

/**
 * The "friend added" notice (1204) in the two users' one-to-one conversation: stored with a seq and
 * pushed like a message, so both see it in the chat and their other devices sync it. The key makes a
 * repeated store of the same acceptance answer the stored notice.
 */
export function storeFriendAddedNotice(
  messages: MessageService,
  applicantID: string,
  accepter: UserRow,
  handleMsg: string,
  handleTime: number,
) {
  const detail: FriendAddedDetail = {
    fromUserID: applicantID,
    toUserID: accepter.userId,
    opUser: { userID: accepter.userId, nickname: accepter.nickname, faceURL: accepter.faceUrl },
    handleMsg,
  };
  return messages.storeNotification({
    conversationID: singleConversationID(applicantID, accepter.userId),
    sessionType: SessionType.Single,
    contentType: ContentType.FriendAdded,
    detail,
    sendID: accepter.userId,
    recvID: applicantID,
    userIDs: [applicantID, accepter.userId],
    key: `friend-added-${applicantID}-${accepter.userId}-${handleTime}`,
  });
}
