import { ContentType, elemKeyFor, MessageStatus, MsgFrom, PLATFORM_WEB, SessionType } from '@im/protocol';
import type { AtUserInfo, MessageItem, SendMsgReq } from '@im/protocol';

/** Who is sending: the logged-in user as the message shows them. */
export interface Sender {
  userID: string;
  nickname: string;
  faceURL: string;
}

export interface CustomMessageInput {
  /** A JSON string (call signals carry `{ customType, data }`). */
  data: string;
  extension?: string;
  description?: string;
}

export interface TextAtMessageInput {
  text: string;
  /** The mentioned members' user IDs; "AtAllTag" (AT_ALL_TAG) mentions everyone (owner and admins only). */
  atUserIDList: string[];
  /** Their names as shown in the text (the web renders the mentions from these). */
  atUsersInfo?: AtUserInfo[];
}

export interface SendTarget {
  recvID: string;
  groupID?: string;
  isOnlineOnly?: boolean;
}

/**
 * A new clientMsgID: unique per sender and kept across resends, which makes them idempotent. 32 hex
 * characters: the creation time first, then 80 random bits, so that ids made later sort later. The
 * server's unique index on (clientMsgID, sender) then grows at its end, a page for a whole batch of
 * sends, where random ids each changed a page of their own and about doubled the bytes a stored
 * message wrote (docs/decisions.md#the-message-hot-path). The random bits are a UUID's (its version
 * and variant digits left out): Node draws those from a pool, where a `getRandomValues` of 10 bytes
 * cost ~6 µs a call against ~0.6.
 */
export function newClientMsgID(now = Date.now()): string {
  const uuid = crypto.randomUUID();
  return (
    now.toString(16).padStart(12, '0') +
    uuid.slice(0, 8) +
    uuid.slice(9, 13) +
    uuid.slice(15, 18) +
    uuid.slice(20, 23) +
    uuid.slice(24, 26)
  );
}

/** A message not yet sent: status Sending, no seq, no serverMsgID (the create calls build on it). */
export function draft(sender: Sender, contentType: number, elem: Partial<MessageItem>): MessageItem {
  const now = Date.now();
  return {
    clientMsgID: newClientMsgID(),
    serverMsgID: '',
    conversationID: '',
    seq: 0,
    sendID: sender.userID,
    recvID: '',
    groupID: '',
    senderNickname: sender.nickname,
    senderFaceUrl: sender.faceURL,
    senderPlatformID: PLATFORM_WEB,
    sessionType: SessionType.Single,
    contentType,
    msgFrom: MsgFrom.User,
    createTime: now,
    sendTime: now,
    status: MessageStatus.Sending,
    isRead: false,
    ...elem,
  };
}

export function createTextMessage(sender: Sender, text: string): MessageItem {
  return draft(sender, ContentType.Text, { textElem: { content: text } });
}

/** A group text with @mentions (106): the server marks the mentioned members' conversations. */
export function createTextAtMessage(sender: Sender, input: TextAtMessageInput): MessageItem {
  return draft(sender, ContentType.AtText, {
    atTextElem: {
      text: input.text,
      atUserList: input.atUserIDList,
      ...(input.atUsersInfo ? { atUsersInfo: input.atUsersInfo } : {}),
    },
  });
}

export function createCustomMessage(sender: Sender, input: CustomMessageInput): MessageItem {
  return draft(sender, ContentType.Custom, {
    customElem: { data: input.data, extension: input.extension ?? '', description: input.description ?? '' },
  });
}

/** The gateway's SendMsg body for a message and its target; a group id makes it a group message. */
export function toSendReq(message: MessageItem, target: SendTarget): SendMsgReq {
  const key = elemKeyFor(message.contentType);
  const content = key ? (message[key] as Record<string, unknown> | undefined) : undefined;
  if (!content)
    throw new Error(`message ${message.clientMsgID} has no content for type ${message.contentType}`);
  return {
    clientMsgID: message.clientMsgID,
    recvID: target.groupID ? '' : target.recvID,
    groupID: target.groupID ?? '',
    sessionType: target.groupID ? SessionType.Group : SessionType.Single,
    contentType: message.contentType,
    content,
    isOnlineOnly: target.isOnlineOnly ?? false,
    ...(message.ex ? { ex: message.ex } : {}),
  };
}
