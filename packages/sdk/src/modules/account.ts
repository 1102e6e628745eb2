import { ErrCode, USER_SEARCH_PAGE_SIZE } from '@im/protocol';
import type {
  LoginReq,
  LoginResp,
  PublicUserInfo,
  RegisterReq,
  ResetPasswordReq,
  SearchUsersResp,
  SendCodeReq,
  UpdateUserReq,
  UserInfo,
  VerifyCodeReq,
} from '@im/protocol';
import { ApiError, isOfflineError, SdkErrCode } from '../api-error.ts';
import type { AccountApi } from '../http-api/account-api.ts';
import type { ImApi } from '../http-api/im-api-client.ts';
import type { UserApi } from '../http-api/user-api.ts';
import type { UploadBody } from '../http-client.ts';
import type { IMEvents } from '../im-events.ts';
import type { FilesModule } from './files.ts';

export interface AccountDeps {
  account: AccountApi;
  user: UserApi;
  im: ImApi;
  files: FilesModule;
  /** The user of the stored session, or undefined. */
  userID: () => string | undefined;
  /** Own info as last read; kept by the facade for the sender of new messages. */
  self: { current: UserInfo | null };
  emit: <K extends keyof IMEvents>(event: K, payload: IMEvents[K]) => void;
}

/**
 * `im.account`: accounts on the chat service (codes, register, the account login that answers the
 * session's tokens, passwords), the user's own info, and other users (search, lookup). docs/sdk.md
 * "Account". `im.login` then logs the core in with the tokens.
 */
export class AccountModule {
  #deps: AccountDeps;

  constructor(deps: AccountDeps) {
    this.#deps = deps;
  }

  sendCode(req: SendCodeReq): Promise<void> {
    return this.#deps.account.sendCode(req);
  }

  verifyCode(req: VerifyCodeReq): Promise<void> {
    return this.#deps.account.verifyCode(req);
  }

  /** A new account; answers its session (log the core in with im.loginWithSession). */
  register(req: RegisterReq): Promise<LoginResp> {
    return this.#deps.account.register(req);
  }

  /** Checks a password or code; answers the session (log the core in with im.loginWithSession). */
  login(req: LoginReq): Promise<LoginResp> {
    return this.#deps.account.login(req);
  }

  resetPassword(req: ResetPasswordReq): Promise<void> {
    return this.#deps.account.resetPassword(req);
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await this.#deps.account.changePassword({ userID: this.#userID(), currentPassword, newPassword });
  }

  /**
   * Own info as the core last read it: at login (im.login reads it from the server, or from the local
   * store while the server cannot be reached) and at every selfInfoUpdated. Null when logged out. A
   * start-up can show it without asking the server again (docs/sdk.md#public-api-imclient).
   */
  keptSelfInfo(): UserInfo | null {
    const kept = this.#deps.self.current;
    return kept && kept.userID === this.#deps.userID() ? kept : null;
  }

  /** Own info from the server; while it cannot be reached, the last info this device kept. */
  async getSelfUserInfo(): Promise<UserInfo> {
    const userID = this.#userID();
    const [self] = await this.#deps.user.findFull([userID]).catch((error: unknown) => {
      const kept = this.#deps.self.current;
      if (isOfflineError(error) && kept?.userID === userID) return [kept];
      throw error;
    });
    if (!self) throw new ApiError(ErrCode.NOT_FOUND, 'user not found');
    this.#deps.self.current = self;
    return self;
  }

  /** Updates own profile fields and announces the new info (selfInfoUpdated). */
  async setSelfInfo(fields: Omit<UpdateUserReq, 'userID'>): Promise<UserInfo> {
    await this.#deps.user.update({ ...fields, userID: this.#userID() });
    const self = await this.getSelfUserInfo();
    this.#deps.emit('selfInfoUpdated', self);
    return self;
  }

  /** Uploads an image as the user's avatar and sets it as faceURL; answers the new self info. */
  async setSelfAvatar(file: UploadBody): Promise<UserInfo> {
    const { url } = await this.#deps.files.uploadFile(file);
    return this.setSelfInfo({ faceURL: url });
  }

  /** Users whose account or nickname matches (the add-friend search). */
  searchUsers(
    keyword: string,
    pagination = { pageNumber: 1, showNumber: USER_SEARCH_PAGE_SIZE },
  ): Promise<SearchUsersResp<UserInfo>> {
    return this.#deps.user.search(keyword, pagination);
  }

  /** Full profiles from the chat service (the user card). */
  getUsersFullInfo(userIDs: string[]): Promise<UserInfo[]> {
    return this.#deps.user.findFull(userIDs);
  }

  /** Public profiles from the IM API (names and faces). */
  getUsersInfo(userIDs: string[]): Promise<PublicUserInfo[]> {
    return this.#deps.im.getUsersInfo(userIDs);
  }

  #userID(): string {
    const userID = this.#deps.userID();
    if (!userID) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
    return userID;
  }
}
