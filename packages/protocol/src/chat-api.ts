/**
 * Request schemas of the chat service (prefix /chat; docs/decisions.md#protocol-conventions).
 * The server validates every body with these; the sdk types its calls with them.
 */
import { z } from 'zod';
import { PLATFORM_WEB, UsedFor, USER_SEARCH_PAGE_SIZE } from './constants.ts';
import {
  isValidAreaCode,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidUsername,
  isValidVerifyCode,
} from './validation.ts';
import { faceURLSchema } from './object-api.ts';
import { birthSchema, nicknameSchema, userIDSchema } from './user.ts';

const areaCode = z.string().max(5).refine(isValidAreaCode, 'invalid area code');
const phoneNumber = z.string().max(15).refine(isValidPhone, 'invalid phone number');
const email = z.string().max(254).trim().toLowerCase().refine(isValidEmail, 'invalid e-mail');
export const passwordSchema = z.string().max(64).refine(isValidPassword, 'incorrect password format');
const verifyCode = z.string().max(6).refine(isValidVerifyCode, 'verification code must be 6 digits');
const platform = z.number().int().min(1).max(12).default(PLATFORM_WEB);
const usedFor = z.union([
  z.literal(UsedFor.REGISTER),
  z.literal(UsedFor.RESET_PASSWORD),
  z.literal(UsedFor.LOGIN),
]);

/** An account is a phone with its area code, or an e-mail. */
export const accountFields = {
  areaCode: areaCode.optional(),
  phoneNumber: phoneNumber.optional(),
  email: email.optional(),
};

function hasOneAccount(v: { areaCode?: string; phoneNumber?: string; email?: string }): boolean {
  const byPhone = Boolean(v.areaCode && v.phoneNumber);
  return byPhone !== Boolean(v.email);
}
const oneAccount = { message: 'give either areaCode with phoneNumber, or email' };

export const sendCodeSchema = z
  .object({ ...accountFields, usedFor, invitationCode: z.string().max(32).optional() })
  .refine(hasOneAccount, oneAccount);

export const verifyCodeSchema = z
  .object({ ...accountFields, usedFor, verifyCode })
  .refine(hasOneAccount, oneAccount);

export const registerSchema = z.object({
  verifyCode,
  invitationCode: z.string().max(32).optional(),
  autoLogin: z.boolean().default(true),
  platform,
  user: z
    .object({
      ...accountFields,
      password: passwordSchema,
      nickname: nicknameSchema,
      faceURL: faceURLSchema.optional(),
      gender: z.number().int().min(0).max(2).optional(),
      birth: birthSchema.optional(),
    })
    .refine(hasOneAccount, oneAccount),
});

export const loginSchema = z
  .object({
    ...accountFields,
    password: z.string().min(1).max(64).optional(),
    verifyCode: verifyCode.optional(),
    platform,
  })
  .refine(hasOneAccount, oneAccount)
  .refine((v) => Boolean(v.password) !== Boolean(v.verifyCode), {
    message: 'give either password or verifyCode',
  });

export const resetPasswordSchema = z
  .object({ ...accountFields, verifyCode, password: passwordSchema })
  .refine(hasOneAccount, oneAccount);

export const changePasswordSchema = z.object({
  userID: userIDSchema,
  currentPassword: z.string().min(1).max(64),
  newPassword: passwordSchema,
});

export const updateUserSchema = z.object({
  userID: userIDSchema,
  nickname: nicknameSchema.optional(),
  faceURL: faceURLSchema.optional(),
  gender: z.number().int().min(0).max(2).optional(),
  birth: birthSchema.optional(),
  allowAddFriend: z.union([z.literal(1), z.literal(2)]).optional(),
  globalRecvMsgOpt: z.number().int().min(0).max(2).optional(),
  /** 6–12 letters and digits, unique case-insensitively (1201 when taken; docs/api.md#usernames). */
  userName: z.string().max(12).refine(isValidUsername, 'username: 6-12 letters and digits').optional(),
});

export const findUsersSchema = z.object({
  userIDs: z.array(userIDSchema).min(1).max(1000),
});

export const paginationSchema = z.object({
  pageNumber: z.number().int().min(1).default(1),
  showNumber: z.number().int().min(1).max(100).default(USER_SEARCH_PAGE_SIZE),
});

export const searchUsersSchema = z.object({
  keyword: z.string().trim().min(1).max(64),
  pagination: paginationSchema.default({ pageNumber: 1, showNumber: USER_SEARCH_PAGE_SIZE }),
});

export const rtcTokenSchema = z.object({
  room: z.string().min(1).max(128),
  identity: z.string().min(1).max(64),
});

export type SendCodeReq = z.input<typeof sendCodeSchema>;
export type VerifyCodeReq = z.input<typeof verifyCodeSchema>;
export type RegisterReq = z.input<typeof registerSchema>;
export type LoginReq = z.input<typeof loginSchema>;
export type ResetPasswordReq = z.input<typeof resetPasswordSchema>;
export type ChangePasswordReq = z.input<typeof changePasswordSchema>;
export type UpdateUserReq = z.input<typeof updateUserSchema>;
export type FindUsersReq = z.input<typeof findUsersSchema>;
export type SearchUsersReq = z.input<typeof searchUsersSchema>;

/** Answer of register and login. */
export interface LoginResp {
  userID: string;
  imToken: string;
  chatToken: string;
}

export interface UsersResp<T> {
  users: T[];
}

export interface SearchUsersResp<T> {
  total: number;
  users: T[];
}
