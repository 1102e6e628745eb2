import { ChatPath, LOGOUT_PATH } from '@im/protocol';
import type {
  LoginReq,
  LoginResp,
  RegisterReq,
  ResetPasswordReq,
  SendCodeReq,
  VerifyCodeReq,
} from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/**
 * Accounts on the chat service: codes, register, login, passwords
 * (docs/decisions.md#protocol-conventions).
 */
export function createAccountApi(chat: HttpClient) {
  return {
    sendCode: (req: SendCodeReq) => chat.post<void>(ChatPath.sendCode, req),
    verifyCode: (req: VerifyCodeReq) => chat.post<void>(ChatPath.verifyCode, req),
    register: (req: RegisterReq) => chat.post<LoginResp>(ChatPath.register, req),
    login: (req: LoginReq) => chat.post<LoginResp>(ChatPath.login, req),
    resetPassword: (req: ResetPasswordReq) => chat.post<void>(ChatPath.resetPassword, req),
    changePassword: (req: { userID: string; currentPassword: string; newPassword: string }) =>
      chat.post<void>(ChatPath.changePassword, req),
    logout: () => chat.post<void>(LOGOUT_PATH, {}),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
