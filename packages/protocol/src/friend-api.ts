/**
 * The contacts calls of the IM API (prefix /api, `token` header = the IM token), POST JSON with the
 * usual envelope. The server validates each body with the schema named beside the path; the sdk types
 * its calls with the same schemas. The caller is always the token's user.
 *
 * | path | body | data of the answer |
 * | --- | --- | --- |
 * | addFriend | `{ toUserID, reqMsg }` | the `FriendApplication` from the caller: pending, or approved when the recipient had already applied to the caller (both become friends at once) |
 * | respondFriendApplication | `{ fromUserID, handleResult: 1 \| -1, handleMsg, remark? }` | the handled `FriendApplication`; 1 makes both friends (`remark` is the caller's name for the applicant) |
 * | getApplicationsAsRecipient / AsApplicant | `{ offset, count }` | `{ applications, total }`, newest first |
 * | getFriendList | `{ offset, count }` (first page 10000, later pages 1000: docs/product.md#limits-and-constants) | `{ friends, total }`, oldest friendship first |
 * | getDesignatedFriends | `{ friendUserIDs }` | `{ friends }` (non-friends left out) |
 * | isFriend | `{ userID }` | `{ isFriend, isBlack }` (isBlack: in the caller's blacklist) |
 * | setFriendRemark | `{ friendUserID, remark }` ('' clears) | the updated `FriendInfo` |
 * | deleteFriend | `{ friendUserID }` | nothing; the friendship is gone on both sides |
 * | addBlack | `{ blackUserID }` | the `BlackInfo` (an existing entry is answered as it is) |
 * | removeBlack | `{ blackUserID }` | nothing (also when the user was not in the blacklist) |
 * | getBlackList | `{ offset, count }` | `{ blacks, total }`, oldest first |
 */
import { z } from 'zod';
import { FRIEND_FIRST_PAGE_SIZE, FRIEND_REQ_MSG_MAX, REMARK_MAX } from './constants.ts';
import { HandleResult } from './content-types.ts';
import type { BlackInfo, FriendApplication, FriendInfo } from './friend.ts';
import { userIDSchema } from './user.ts';

/**
 * Most items one page of friends or of the blacklist may ask for (the first friend page,
 * docs/product.md#limits-and-constants).
 */
export const FRIEND_PAGE_MAX = FRIEND_FIRST_PAGE_SIZE;
/** Most applications one page may ask for. */
export const APPLICATION_PAGE_MAX = 1000;

const remark = z.string().trim().max(REMARK_MAX);

export const addFriendSchema = z.object({
  toUserID: userIDSchema,
  reqMsg: z.string().trim().max(FRIEND_REQ_MSG_MAX).default(''),
});

export const respondFriendApplicationSchema = z.object({
  fromUserID: userIDSchema,
  handleResult: z.union([z.literal(HandleResult.Approved), z.literal(HandleResult.Rejected)]),
  handleMsg: z.string().trim().max(FRIEND_REQ_MSG_MAX).default(''),
  /** Accepting only: the caller's remark for the new friend. */
  remark: remark.optional(),
});

export const applicationListSchema = z.object({
  offset: z.number().int().min(0).default(0),
  count: z.number().int().min(1).max(APPLICATION_PAGE_MAX).default(100),
});

export const friendListSchema = z.object({
  offset: z.number().int().min(0).default(0),
  count: z.number().int().min(1).max(FRIEND_PAGE_MAX).default(FRIEND_FIRST_PAGE_SIZE),
});

export const blackListSchema = friendListSchema;

export const designatedFriendsSchema = z.object({
  friendUserIDs: z.array(userIDSchema).min(1).max(1000),
});

export const isFriendSchema = z.object({ userID: userIDSchema });

export const setFriendRemarkSchema = z.object({ friendUserID: userIDSchema, remark });

export const deleteFriendSchema = z.object({ friendUserID: userIDSchema });

export const blackUserSchema = z.object({ blackUserID: userIDSchema });

export type AddFriendReq = z.input<typeof addFriendSchema>;
export type RespondFriendApplicationReq = z.input<typeof respondFriendApplicationSchema>;
export type ApplicationListReq = z.input<typeof applicationListSchema>;
export type FriendListReq = z.input<typeof friendListSchema>;
export type BlackListReq = z.input<typeof blackListSchema>;
export type SetFriendRemarkReq = z.input<typeof setFriendRemarkSchema>;

export interface FriendApplicationsResp {
  applications: FriendApplication[];
  total: number;
}

export interface FriendListResp {
  friends: FriendInfo[];
  total: number;
}

export interface DesignatedFriendsResp {
  friends: FriendInfo[];
}

export interface IsFriendResp {
  isFriend: boolean;
  /** The user is in the caller's blacklist. */
  isBlack: boolean;
}

export interface BlackListResp {
  blacks: BlackInfo[];
  total: number;
}
