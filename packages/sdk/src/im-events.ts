import type {
  BlackInfo,
  ConversationItem,
  FriendApplication,
  FriendInfo,
  GroupApplication,
  GroupInfo,
  GroupMemberInfo,
  MessageItem,
  RevokedDetail,
  UserInfo,
} from '@im/protocol';
import type { ConnectionState } from './connection/connection-state.ts';
import type { LoginStatus } from './login-status.ts';

export interface ConnectFailed {
  /** 705: the login expired (final; log out). Anything else: a failed attempt that is retried. */
  errCode: number;
  errMsg: string;
}

export interface SyncFlag {
  /** True for the first sync of this device (empty local store): show the full-screen progress. */
  reinstall: boolean;
}

/** Events the messaging core emits (spec §7 names); payloads are plain data. */
export interface IMEvents extends Record<string, unknown> {
  loginStatusChanged: LoginStatus;
  /** Another login on the same platform took over this session. */
  kickedOffline: void;
  /** The session's token expired or was revoked. */
  tokenExpired: void;
  selfInfoUpdated: UserInfo;

  /** Stored messages new to this device, each delivered once, in seq order per conversation. */
  recvNewMessages: MessageItem[];
  /** Online-only messages (typing, call signals): never stored, never counted. */
  recvOnlineOnlyMessage: MessageItem;
  /** A message was revoked; the stored copy became a 2101 notice with this detail. */
  recvMessageRevoked: RevokedDetail;
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

  // Contacts (Notice pushes, protocol/src/notice.ts): on every device of the users concerned, the one
  // that made the change included. Lists are keyed: applications by (fromUserID, toUserID), friends
  // and blacklist entries by userID; an event replaces or removes the item with its key.
  /** An application was sent (to this user, or by this user on any device); pending. */
  friendApplicationAdded: FriendApplication;
  friendApplicationAccepted: FriendApplication;
  friendApplicationRejected: FriendApplication;
  /** This user's new friend (`userID`), with this user's remark. */
  friendAdded: FriendInfo;
  /** The friendship ended (deleted by either side); the friend as it was. */
  friendDeleted: FriendInfo;
  /** This user changed the friend's remark. */
  friendInfoChanged: FriendInfo;
  blackAdded: BlackInfo;
  blackDeleted: BlackInfo;

  // Groups (Notice pushes): groups are keyed by groupID, members by (groupID, userID), applications
  // by (groupID, userID). Each change is also a 15xx notification message in `sg_<groupID>`.
  /** This user is now in the group (created, invited, accepted, joined directly): add it to the list. */
  joinedGroupAdded: GroupInfo;
  /** This user left the group (quit, kicked) or it was dismissed: remove it from the list. */
  joinedGroupDeleted: GroupInfo;
  /** Name, face, announcement, settings, owner, member count or status (3 muted, 2 dismissed) changed. */
  groupInfoChanged: GroupInfo;
  groupMemberAdded: GroupMemberInfo;
  /** The member as they were. */
  groupMemberDeleted: GroupMemberInfo;
  /** Role, mute end time or group nickname changed. */
  groupMemberInfoChanged: GroupMemberInfo;
  /** A pending application (to a group this user owns or administers, or by this user). */
  groupApplicationAdded: GroupApplication;
  groupApplicationAccepted: GroupApplication;
  groupApplicationRejected: GroupApplication;
}
