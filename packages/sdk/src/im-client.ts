import { ErrCode, isTokenError, StorageKey } from '@im/protocol';
import type { UpdateUserReq, UserInfo } from '@im/protocol';
import { createAccountApi } from './account-api.ts';
import { ApiError, SdkErrCode } from './api-error.ts';
import { createHttpClient } from './http-client.ts';
import type { FetchLike } from './http-client.ts';
import type { IMEvents } from './im-events.ts';
import { memoryStorage } from './key-value-storage.ts';
import type { KeyValueStorage } from './key-value-storage.ts';
import { LoginStatus } from './login-status.ts';
import { SessionStore } from './session-store.ts';
import type { Session } from './session-store.ts';
import { readSettings } from './settings.ts';
import type { PageLocation, Settings } from './settings.ts';
import { TypedEmitter } from './typed-emitter.ts';
import { createUserApi } from './user-api.ts';

export interface IMClientOptions {
  /** Local storage: tokens and overridable settings. */
  storage?: KeyValueStorage;
  /** Session storage: the chosen language (IMI18n). */
  sessionStorage?: KeyValueStorage;
  location?: PageLocation;
  fetch?: FetchLike;
}

export interface LoginParams {
  userID: string;
  token: string;
  apiAddr?: string;
  wsAddr?: string;
  platformID?: number;
  logLevel?: number;
}

/**
 * The messaging core the web talks to: the only way to the network.
 * The login status changes in one place (setStatus), which emits.
 */
export class IMClient extends TypedEmitter<IMEvents> {
  readonly session: SessionStore;
  readonly account: ReturnType<typeof createAccountApi>;
  readonly user: ReturnType<typeof createUserApi>;
  #settings: Settings;
  #storage: KeyValueStorage;
  #sessionStorage: KeyValueStorage;
  #status: LoginStatus = LoginStatus.Logout;
  #background = false;

  constructor(options: IMClientOptions = {}) {
    super();
    this.#storage = options.storage ?? memoryStorage();
    this.#sessionStorage = options.sessionStorage ?? memoryStorage();
    this.#settings = readSettings(
      this.#storage,
      options.location ?? { protocol: 'http:', host: 'localhost' },
    );
    this.session = new SessionStore(this.#storage);
    const chat = createHttpClient({
      baseUrl: () => this.#settings.chatUrl,
      token: () => this.session.get()?.chatToken,
      fetch: options.fetch,
      onError: (error) => this.#onCallError(error),
    });
    this.account = createAccountApi(chat);
    this.user = createUserApi(chat);
  }

  get settings(): Readonly<Settings> {
    return this.#settings;
  }

  /** The language kept for this tab (IMI18n in session storage), or null. */
  getLanguage(): string | null {
    return this.#sessionStorage.getItem(StorageKey.IMI18n);
  }

  setLanguage(language: string): void {
    this.#sessionStorage.setItem(StorageKey.IMI18n, language);
  }

  getLoginStatus(): LoginStatus {
    return this.#status;
  }

  /** Spec §7 login: checks the session against the server and marks the core logged in. */
  async login(params: LoginParams): Promise<void> {
    const session = this.session.get();
    if (!session || session.userID !== params.userID || session.imToken !== params.token) {
      throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'no stored session for this user');
    }
    this.#setStatus(LoginStatus.Logging);
    try {
      await this.getSelfUserInfo();
      this.#setStatus(LoginStatus.Logged);
    } catch (error) {
      this.#setStatus(LoginStatus.Logout);
      throw error;
    }
  }

  /** Keeps a fresh login's tokens and logs the core in. */
  async loginWithSession(session: Session): Promise<void> {
    this.session.save(session);
    await this.login({ userID: session.userID, token: session.imToken });
  }

  /** Revokes the session on the server when possible, then forgets it here. */
  async logout(): Promise<void> {
    if (this.session.get()) await this.account.logout().catch(() => undefined);
    this.session.clear();
    this.#setStatus(LoginStatus.Logout);
  }

  async getSelfUserInfo(): Promise<UserInfo> {
    const userID = this.session.get()?.userID;
    if (!userID) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
    const [self] = await this.user.findFull([userID]);
    if (!self) throw new ApiError(ErrCode.NOT_FOUND, 'user not found');
    return self;
  }

  /** Updates own profile fields and announces the new info. */
  async setSelfInfo(fields: Omit<UpdateUserReq, 'userID'>): Promise<UserInfo> {
    const userID = this.session.get()?.userID;
    if (!userID) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
    await this.user.update({ ...fields, userID });
    const self = await this.getSelfUserInfo();
    this.emit('selfInfoUpdated', self);
    return self;
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const userID = this.session.get()?.userID;
    if (!userID) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
    await this.account.changePassword({ userID, currentPassword, newPassword });
  }

  /** Tells the core whether the page is hidden; the gateway issue sends it to the server. */
  setAppBackgroundStatus(isBackground: boolean): void {
    this.#background = isBackground;
  }

  get isBackground(): boolean {
    return this.#background;
  }

  #setStatus(status: LoginStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.emit('loginStatusChanged', status);
  }

  #onCallError(error: ApiError): void {
    if (!isTokenError(error.errCode) || this.#status === LoginStatus.Logout) return;
    this.#setStatus(LoginStatus.Logout);
    this.emit(error.errCode === ErrCode.TOKEN_KICKED ? 'kickedOffline' : 'tokenExpired', undefined);
  }
}

export function createIMClient(options?: IMClientOptions): IMClient {
  return new IMClient(options);
}
