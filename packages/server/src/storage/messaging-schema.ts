import type { Generated } from 'kysely';

/**
 * The messaging tables (migration 0002). A message is stored once per conversation; what differs per
 * user (pin, receive option, draft, read and cleared positions, deleted) lives in user_conversations.
 */

/** One row per conversation: the counter that hands out seqs, bumped in the same transaction as the insert. */
export interface ConversationSeqsTable {
  conversationId: string;
  maxSeq: number;
  /** sendTime of the message at maxSeq (the list sorts by it). */
  latestSendTime: Generated<number>;
}

/** A stored message; the element of its content type is `content` as JSON. */
export interface MessagesTable {
  conversationId: string;
  seq: number;
  serverMsgId: string;
  clientMsgId: string;
  sendId: string;
  recvId: Generated<string>;
  groupId: Generated<string>;
  senderNickname: Generated<string>;
  senderFaceUrl: Generated<string>;
  senderPlatformId: Generated<number>;
  sessionType: number;
  contentType: number;
  msgFrom: number;
  createTime: number;
  sendTime: number;
  content: string;
  ex: Generated<string>;
  /** When the text was last edited (ms), 0 when never (migration 0009). */
  editTime: Generated<number>;
  /** The reactions as JSON (MessageReaction[]), '' when none (migration 0009). */
  reactions: Generated<string>;
  /** Seconds: sent while burn-after-reading was on (migration 0010); 0 for other messages. */
  burnDuration: Generated<number>;
  /** When it burns (ms), set when the peer reads it; 0 until then and once burned. */
  burnAt: Generated<number>;
}

/** One user's view of one conversation. */
export interface UserConversationsTable {
  ownerUserId: string;
  conversationId: string;
  conversationType: number;
  /** The peer of a one-to-one conversation. */
  userId: Generated<string>;
  groupId: Generated<string>;
  isPinned: Generated<number>;
  recvMsgOpt: Generated<number>;
  draftText: Generated<string>;
  draftTextTime: Generated<number>;
  /** Read up to here (unread counts what lies above the larger of this and minSeq). */
  hasReadSeq: Generated<number>;
  /** Cleared up to here: seqs at or below it are never answered to this user. */
  minSeq: Generated<number>;
  /** Deleted by this user; a new message brings it back with only the new messages. */
  isDeleted: Generated<number>;
  groupAtType: Generated<number>;
  isPrivateChat: Generated<number>;
  burnDuration: Generated<number>;
  ex: Generated<string>;
  /**
   * 0 while the user takes part; else the seq of the notice that ended it (quit, kicked: migration
   * 0004). Nothing above it is answered to this user: max seq, pulls, history, unread, last message.
   */
  leaveSeq: Generated<number>;
  /**
   * The send time of the latest message of the conversation that moves it up the list (not a silent
   * change), set by the message insert for the rows it touches (migration 0016). Exact for every
   * conversation but a group's, whose messages touch only the sender's row (docs/decisions.md#group-fan-out):
   * a group row's list time is read from conversation_seqs (message/conversation-page.ts).
   */
  activityTime: Generated<number>;
}

export interface MessagingTables {
  conversationSeqs: ConversationSeqsTable;
  messages: MessagesTable;
  userConversations: UserConversationsTable;
}
