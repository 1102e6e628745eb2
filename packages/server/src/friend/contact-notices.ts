import { ContentType, SessionType, singleConversationID } from '@im/protocol';
import type { FriendAddedDetail } from '@im/protocol';
import type { MessageService } from '../message/message-service.ts';
import type { UserRow } from '../user/user-queries.ts';

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
