import { ErrCode, isTokenError, PLATFORM_WEB, StorageKey } from '@im/protocol';
import type { UpdateUserReq, UserInfo } from '@im/protocol';
import { createAccountApi } from './account-api.ts';
import { ApiError, SdkErrCode } from './api-error.ts';
import type { CloseReason } from './connection/connection-state.ts';
import { gatewayUrl } from './connection/gateway-url.ts';
import { tokenCheck } from './connection/token-check.ts';
import { createHttpClient } from './http-client.ts';
import type { FetchLike } from './http-client.ts';
import { createFriendApi } from './friend-api-client.ts';
import type { FriendApi } from './friend-api-client.ts';
import { createGroupApi } from './group-api-client.ts';
import type { GroupApi } from './group-api-client.ts';
import { GroupCalls } from './group-calls.ts';
import type { UploadBody } from './http-client.ts';
import { createImApi } from './im-api-client.ts';
import type { ImApi } from './im-api-client.ts';
import { memoryStorage } from './key-value-storage.ts';
import type { KeyValueStorage } from './key-value-storage.ts';
import { LoginStatus } from './login-status.ts';
import { SessionStore } from './session-store.ts';
import type { Session } from './session-store.ts';
import { readSettings } from './settings.ts';
import type { PageLocation, Settings } from './settings.ts';
import type { Sender } from './messaging/message-factory.ts';
import type { MessagingOptions } from './session/messaging-options.ts';
import { MessagingSession } from './session/messaging-session.ts';
import { openDefaultStore } from './store/open-store.ts';
import { createUserApi } from './user-api.ts';

export interface IMClientOptions {
  /** Local storage: tokens and overridable settings. */
  storage?: KeyValueStorage;
  /** Session storage: the chosen language (IMI18n). */
  sessionStorage?: KeyValueStorage;
  location?: PageLocation;
  fetch?: FetchLike;
  /** Messaging core tuning: WebSocket class, local store, timers (see MessagingOptions). */
  messaging?: MessagingOptions;
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
 * The login status changes in one place (setStatus), which emits. Messaging (gateway, sync, store,
 * conversations) lives in a MessagingSession made at login and ended at logout or kick.
 */
export class IMClient extends GroupCalls {
  readonly session: SessionStore;
  readonly account: ReturnType<typeof createAccountApi>;
  readonly user: ReturnType<typeof createUserApi>;
  readonly im: ImApi;
  readonly contacts: FriendApi;
  readonly groups: GroupApi;
  #settings: Settings;
  #storage: KeyValueStorage;
  #sessionStorage: KeyValueStorage;
  #status: LoginStatus = LoginStatus.Logout;
  #background = false;
  #messagingOptions: MessagingOptions;
  #fetch: FetchLike | undefined;
  #self: UserInfo | null = null;
  #platformID = PLATFORM_WEB;

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
    this.#fetch = options.fetch;
    this.#messagingOptions = options.messaging ?? {};
    const api = this.#apiClient((error) => this.#onCallError(error));
    this.im = createImApi(api);
    this.contacts = createFriendApi(api);
    this.groups = createGroupApi(api);
    // Own info changed here, on another device (Notice push) or via setSelfInfo: new messages use it.
    this.on('selfInfoUpdated', (self) => (this.#self = self));
  }

  /** An HTTP client for the IM API (prefix /api) with the IM token. */
  #apiClient(onError?: (error: ApiError) => void) {
    return createHttpClient({
      baseUrl: () => this.#settings.apiUrl,
      token: () => this.session.get()?.imToken,
      fetch: this.#fetch,
      onError,
    });
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

  /**
   * Spec §7 login, as `login({ userID, token, apiAddr, wsAddr, platformID, logLevel })` or with the
   * same arguments in that order: checks the stored session against the server, marks the core
   * logged in, then opens the local store and connects the gateway (sync runs on every open).
   */
  async login(
    params: LoginParams | string,
    token?: string,
    apiAddr?: string,
    wsAddr?: string,
    platformID?: number,
    logLevel?: number,
  ): Promise<void> {
    const p: LoginParams =
      typeof params === 'string'
        ? { userID: params, token: token ?? '', apiAddr, wsAddr, platformID, logLevel }
        : params;
    const session = this.session.get();
    if (!session || session.userID !== p.userID || session.imToken !== p.token) {
      throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'no stored session for this user');
    }
    if (p.apiAddr) this.#settings = { ...this.#settings, apiUrl: p.apiAddr };
    if (p.wsAddr) this.#settings = { ...this.#settings, wsUrl: p.wsAddr };
    if (p.logLevel !== undefined) this.#settings = { ...this.#settings, logLevel: p.logLevel };
    this.#platformID = p.platformID ?? PLATFORM_WEB;
    await this.#stopMessaging();
    this.#setStatus(LoginStatus.Logging);
    try {
      await this.getSelfUserInfo();
      this.#setStatus(LoginStatus.Logged);
    } catch (error) {
      this.#setStatus(LoginStatus.Logout);
      throw error;
    }
    await this.#startMessaging(p.userID, p.token);
  }

  /** Keeps a fresh login's tokens and logs the core in. */
  async loginWithSession(session: Session): Promise<void> {
    this.session.save(session);
    await this.login({ userID: session.userID, token: session.imToken });
  }

  /** Revokes the session on the server when possible, then forgets it here. */
  async logout(): Promise<void> {
    await this.#stopMessaging();
    if (this.session.get()) await this.account.logout().catch(() => undefined);
    this.session.clear();
    this.#self = null;
    this.#setStatus(LoginStatus.Logout);
  }

  async getSelfUserInfo(): Promise<UserInfo> {
    const userID = this.session.get()?.userID;
    if (!userID) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
    const [self] = await this.user.findFull([userID]);
    if (!self) throw new ApiError(ErrCode.NOT_FOUND, 'user not found');
    this.#self = self;
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

  /** Uploads an image as the user's avatar and sets it as faceURL; answers the new self info. */
  async setSelfAvatar(file: UploadBody): Promise<UserInfo> {
    const { url } = await this.uploadFile(file);
    return this.setSelfInfo({ faceURL: url });
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const userID = this.session.get()?.userID;
    if (!userID) throw new ApiError(SdkErrCode.NOT_LOGGED_IN, 'not logged in');
    await this.account.changePassword({ userID, currentPassword, newPassword });
  }

  /** Tells the core whether the page is hidden; the gateway hears it, and a visible page reconnects at once. */
  setAppBackgroundStatus(isBackground: boolean): void {
    this.#background = isBackground;
    this.messaging?.setBackground(isBackground);
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
    if (!isTokenError(error.errCode)) return;
    this.#endSession(error.errCode === ErrCode.TOKEN_KICKED ? 'kicked' : 'tokenExpired');
  }

  /** The session ended from outside (kick, expired token, refused login): one event, then logged out. */
  #endSession(reason: CloseReason): void {
    if (this.#status === LoginStatus.Logout) return;
    void this.#stopMessaging();
    this.#setStatus(LoginStatus.Logout);
    if (reason === 'kicked') this.emit('kickedOffline', undefined);
    else if (reason === 'tokenExpired') this.emit('tokenExpired', undefined);
  }

  async #startMessaging(userID: string, token: string): Promise<void> {
    const store = await (this.#messagingOptions.openStore ?? openDefaultStore)(userID);
    if (this.#self) await store.setSelfInfo(this.#self);
    const messaging = new MessagingSession({
      userID,
      gatewayUrl: () => gatewayUrl(this.#settings.wsUrl, { token, userID, platformID: this.#platformID }),
      api: this.im,
      checkToken: tokenCheck(this.#apiClient()),
      store,
      sender: () => this.sender(),
      emit: (event, payload) => this.emit(event, payload),
      onEnd: (reason) => this.#endSession(reason),
      options: this.#messagingOptions,
    });
    this.messaging = messaging;
    await messaging.start();
    if (this.#background) messaging.setBackground(true);
  }

  async #stopMessaging(): Promise<void> {
    const messaging = this.messaging;
    this.messaging = null;
    await messaging?.stop();
  }

  protected sender(): Sender {
    const userID = this.session.get()?.userID ?? '';
    return { userID, nickname: this.#self?.nickname ?? '', faceURL: this.#self?.faceURL ?? '' };
  }
}

export function createIMClient(options?: IMClientOptions): IMClient {
  return new IMClient(options);
}
