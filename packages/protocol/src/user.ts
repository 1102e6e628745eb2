import { z } from 'zod';
import { BIRTH_FUTURE_SLACK_MS, BIRTH_MIN, NICKNAME_MAX } from './constants.ts';

/** User info (docs/product.md#user), as the chat service answers it. */
export interface UserInfo {
  userID: string;
  nickname: string;
  faceURL: string;
  gender: number;
  /** Birthday as milliseconds since the epoch, 0 when unset. */
  birth: number;
  birthday?: string;
  age?: number;
  areaCode: string;
  phoneNumber: string;
  email: string;
  userName: string;
  remark?: string;
  globalRecvMsgOpt: number;
  /** Privacy flag: 1 allows being added as a friend, 2 disallows. */
  allowAddFriend: number;
  createTime: number;
}

/** What anyone may see of another user (`/user/find/public`). */
export interface PublicUserInfo {
  userID: string;
  nickname: string;
  faceURL: string;
  gender: number;
}

export const nicknameSchema = z.string().trim().min(1).max(NICKNAME_MAX);
export const userIDSchema = z.string().min(1).max(64);

/**
 * A birthday (epoch ms; 0 unset): a plausible past date, from 1900 to today. Anything else (such as
 * 9e15, past what a Date holds) is refused with 1001.
 */
export const birthSchema = z
  .number()
  .int()
  .min(BIRTH_MIN)
  .refine((value) => value <= Date.now() + BIRTH_FUTURE_SLACK_MS, 'birth: a date in the past');
