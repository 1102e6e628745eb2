/**
 * The IM API (prefix /api, `token` header = the IM token) that the sdk calls
 * (docs/decisions.md#protocol-conventions). Every call is POST JSON and answers the usual envelope; a
 * token error (1501–1507) in the envelope means the session is over. The server validates each body
 * with the schema named beside the path; the sdk types its calls with the same schemas, so the two
 * cannot drift apart.
 *
 * | path | body | data of the answer |
 * | --- | --- | --- |
 * | getConversationList | `{ offset, count }` | `{ conversations: ConversationItem[], total }`, sorted: pinned first, then by max(draftTextTime, latestMsgSendTime) descending |
 * | getConversations | `{ conversationIDs }` | `{ conversations: ConversationItem[] }` (unknown ids are left out) |
 * | setConversation | `{ conversationID, isPinned?, recvMsgOpt?, draftText? }` | the updated `ConversationItem`; a draft change sets `draftTextTime` to now (0 when the draft is emptied) |
 * | deleteConversation | `{ conversationID }` | nothing; the conversation and its messages are gone for this user only |
 * | clearConversation | `{ conversationID }` | the updated `ConversationItem` (`minSeq` = `maxSeq`, unread 0, `latestMsg` null) |
 * | getTotalUnread | `{}` | `{ total }`: the sum of `unreadCount` over the user's conversations whose `recvMsgOpt` is 0 |
 * | getHistory | `{ conversationID, startClientMsgID, lastMinSeq, count }` | `{ messages: MessageItem[] (ascending seq), isEnd }` |
 * | getUsersInfo | `{ userIDs }` | `{ users: PublicUserInfo[] }` |
 *
 * getHistory answers the `count` stored messages just below the start: below the seq of
 * `startClientMsgID` when given, else below `lastMinSeq` when above 0, else the newest ones. Messages
 * at or under the user's `minSeq` (cleared history) are never answered; `isEnd` is true when nothing
 * older remains for this user.
 */
import { z } from 'zod';
import type { ConversationItem } from './conversation.ts';
import type { MessageItem } from './message.ts';
import type { PublicUserInfo } from './user.ts';

const conversationID = z.string().min(1).max(128);

export const conversationListSchema = z.object({
  offset: z.number().int().min(0).default(0),
  count: z.number().int().min(1).max(1000).default(20),
});

export const getConversationsSchema = z.object({
  conversationIDs: z.array(conversationID).min(1).max(1000),
});

export const setConversationSchema = z.object({
  conversationID,
  isPinned: z.boolean().optional(),
  recvMsgOpt: z.number().int().min(0).max(2).optional(),
  draftText: z.string().max(10_000).optional(),
});

export const conversationIDSchema = z.object({ conversationID });

export const historySchema = z.object({
  conversationID,
  startClientMsgID: z.string().max(64).default(''),
  lastMinSeq: z.number().int().min(0).default(0),
  count: z.number().int().min(1).max(200).default(20),
});

export const usersInfoSchema = z.object({
  userIDs: z.array(z.string().min(1).max(64)).min(1).max(1000),
});

export type ConversationListReq = z.input<typeof conversationListSchema>;
export type GetConversationsReq = z.input<typeof getConversationsSchema>;
export type SetConversationReq = z.input<typeof setConversationSchema>;
export type HistoryReq = z.input<typeof historySchema>;
export type UsersInfoReq = z.input<typeof usersInfoSchema>;

export interface ConversationListResp {
  conversations: ConversationItem[];
  total: number;
}

export interface ConversationsResp {
  conversations: ConversationItem[];
}

export interface TotalUnreadResp {
  total: number;
}

export interface HistoryResp {
  messages: MessageItem[];
  isEnd: boolean;
}

export interface UsersInfoResp {
  users: PublicUserInfo[];
}
