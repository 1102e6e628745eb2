import { z } from 'zod';
import { NICKNAME_MAX } from './constants.ts';

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
