import type { ConversationItem, MessageItem, NoticeEvents, RevokedDetail } from '@im/protocol';
import type { CallEvents } from './calls/call-types.ts';
import type { ConnectionState } from './connection/connection-state.ts';
import type { LoginStatus } from './login-status.ts';

/** The payload of messageChanged: what changed on which message. */
export interface MessageChange {
  kind: 'edit' | 'reaction';
  conversationID: string;
  clientMsgID: string;
  /** The message after the change; null when this device does not hold it (or already showed it so). */
  message: MessageItem | null;
  /** The stored change notice (2160, 2161) with its detail. */
  notice: MessageItem;
}

export interface ConnectFailed {
  /** 705: the login expired (final; log out). Anything else: a failed attempt that is retried. */
  errCode: number;
  errMsg: string;
}

export interface SyncFlag {
  /** True for the first sync of this device (empty local store): show the full-screen progress. */
  reinstall: boolean;
}

/**
 * Events the messaging core emits (named as in docs/sdk.md#events-clientonname-listener-payloads); payloads
 * are plain data. The contacts and group events, and selfInfoUpdated, are the Notice pushes re-emitted under
 * their own names: NoticeEvents (protocol/src/notice.ts) says what each carries and who hears it, on every
 * device of the users concerned. Each replaces or removes the list item with its key: applications by
 * (fromUserID, toUserID), friends and blacklist entries by userID, groups by groupID, group members and group
 * applications by (groupID, userID). A group change is also a 15xx notification message in `sg_<groupID>`.
 * The call events (CallEvents: callStateChanged, callEnded, localStream, remoteStream, audioLevel) come
 * from `im.calls` (docs/sdk.md "Calls").
 */
export interface IMEvents extends Record<string, unknown>, NoticeEvents, CallEvents {
  loginStatusChanged: LoginStatus;
  /** Another login on the same platform took over this session. */
  kickedOffline: void;
  /** The session's token expired or was revoked. */
  tokenExpired: void;

  /** Stored messages new to this device, each delivered once, in seq order per conversation. */
  recvNewMessages: MessageItem[];
  /** Online-only messages (typing, call signals): never stored, never counted. */
  recvOnlineOnlyMessage: MessageItem;
  /** A message was revoked; the stored copy became a 2101 notice with this detail. */
  recvMessageRevoked: RevokedDetail;
  /** A message was edited or reacted to, here or elsewhere (docs/sdk.md "Message changes"). */
  messageChanged: MessageChange;
  conversationChanged: ConversationItem[];
  newConversation: ConversationItem[];
  totalUnreadMessageCountChanged: number;

  connectionStateChanged: ConnectionState;
  connecting: void;
  connectSuccess: void;
  connectFailed: ConnectFailed;

  syncStart: SyncFlag;
  syncProgress: SyncFlag & { progress: number };
  syncFinish: SyncFlag;
  syncFailed: SyncFlag & { errCode: number; errMsg: string };
}
