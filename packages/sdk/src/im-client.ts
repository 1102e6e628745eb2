import { ErrCode, isTokenError, PLATFORM_WEB, StorageKey } from '@im/protocol';
import type { UserInfo } from '@im/protocol';
import { ApiError, isOfflineError, SdkErrCode } from './api-error.ts';
import type { CloseReason } from './connection/connection-state.ts';
import { ConnectionState } from './connection/connection-state.ts';
import { gatewayUrl } from './connection/gateway-url.ts';
import { tokenCheck } from './connection/token-check.ts';
import { createAccountApi } from './http-api/account-api.ts';
import { createCallApi } from './http-api/call-api.ts';
import type { AccountApi } from './http-api/account-api.ts';
import { createFriendApi } from './http-api/friend-api-client.ts';
import { createGroupApi } from './http-api/group-api-client.ts';
import { createImApi } from './http-api/im-api-client.ts';
import type { ImApi } from './http-api/im-api-client.ts';
import { createObjectApi } from './http-api/object-api.ts';
import type { ObjectApi } from './http-api/object-api.ts';
import { createUserApi } from './http-api/user-api.ts';
import { createHttpClient } from './http-client.ts';
import type { FetchLike } from './http-client.ts';
import type { IMEvents } from './im-events.ts';
import { memoryStorage } from './key-value-storage.ts';
import type { KeyValueStorage } from './key-value-storage.ts';
import { LoginStatus } from './login-status.ts';
import type { Sender } from './messaging/message-factory.ts';
import { AccountModule } from './modules/account.ts';
import { CallsModule } from './modules/calls.ts';
import { DebugLogModule } from './modules/debug-log.ts';
import type { CallsOptions } from './modules/calls.ts';
import { ContactsModule } from './modules/contacts.ts';
import { ConversationsModule } from './modules/conversations.ts';
import { FilesModule } from './modules/files.ts';
import { GroupsModule } from './modules/groups.ts';
import { coreAccess } from './modules/logged-in-core.ts';
import { MessagesModule } from './modules/messages.ts';
import { PushModule } from './modules/push.ts';
import type { MessagingOptions } from './session/messaging-options.ts';
import { MessagingSession } from './session/messaging-session.ts';
import { SessionStore } from './session-store.ts';
import type { Session } from './session-store.ts';
import { readSettings } from './settings.ts';
import type { PageLocation, Settings } from './settings.ts';
import { openDefaultStore } from './store/open-store.ts';
import { TypedEmitter } from './typed-emitter.ts';

/** The lifecycle events the debug log keeps (their names; of a payload only a number or a code). */
const LOGGED_EVENTS = new Set<string>([
  'loginStatusChanged',
  'kickedOffline',
  'tokenExpired',
  'connectionStateChanged',
  'connectSuccess',
  'connectFailed',
  'syncStart',
  'syncFinish',
  'syncFailed',
]);

function loggedPayload(payload: unknown): unknown {
  if (typeof payload === 'number') return payload;
  const code = (payload as { errCode?: unknown } | undefined)?.errCode;
  return typeof code === 'number' ? code : undefined;
}

export interface IMClientOptions {
  /** Local storage: tokens and overridable settings. */
  storage?: KeyValueStorage;
  /** Session storage: the chosen language (IMI18n). */
  sessionStorage?: KeyValueStorage;
  location?: PageLocation;
  fetch?: FetchLike;
  /** Messaging core tuning: WebSocket class, local store, timers (see MessagingOptions). */
  messaging?: MessagingOptions;
  /** Calls tuning: the WebRTC runtime, test-only settings (see CallsOptions). */
  calls?: CallsOptions;
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
 * The messaging core the web talks to, and its only way to the network. Every call lives in one
 * area, reached as `im.<area>.<call>` with the OpenIM names:
 *
 * - `im.messages`      create*, sendMessage, resendMessage, revoke, delete, typing, history, read,
 *                      openTimeline (modules/messages.ts)
 * - `im.conversations` the list, unread total, settings, delete and clear (modules/conversations.ts)
 * - `im.contacts`      friends, friend applications, blacklist (modules/contacts.ts)
 * - `im.groups`        groups, members, group applications (modules/groups.ts)
 * - `im.account`       codes, register, account login, passwords, own info, user search and lookup
 *                      (modules/account.ts)
 * - `im.files`         uploads (modules/files.ts)
 * - `im.calls`         one-to-one voice and video calls, call records (modules/calls.ts)
 * - `im.debugLog`      the recent log lines and their upload from About (modules/debug-log.ts)
 * - `im.push`          this device's Web Push subscription (modules/push.ts)
 *
 * The facade itself keeps the lifecycle: login and logout, the login status, events (`on`/`off`),
 * settings, language, background status and the connection state. The login status changes in one
 * place (#setStatus), which emits. Messaging (gateway, sync, store, timelines) lives in a
 * MessagingSession made at login and ended at logout or kick.
 */
export class IMClient {
  readonly messages: MessagesModule;
  readonly conversations: ConversationsModule;
  readonly contacts: ContactsModule;
  readonly groups: GroupsModule;
  readonly account: AccountModule;
  readonly files: FilesModule;
  readonly calls: CallsModule;
  readonly debugLog: DebugLogModule;
  readonly push: PushModule;
  /** The stored session (IM_TOKEN, IM_CHAT_TOKEN, IM_USERID) that login checks. */
  readonly session: SessionStore;

  #events = new TypedEmitter<IMEvents>();
  #settings: Settings;
  #storage: KeyValueStorage;
  #sessionStorage: KeyValueStorage;
  #status: LoginStatus = LoginStatus.Logout;
  #background = false;
  #messagingOptions: MessagingOptions;
  #fetch: FetchLike | undefined;
  #self: { current: UserInfo | null } = { current: null };
  #platformID = PLATFORM_WEB;
  #messaging: MessagingSession | null = null;
  #accountApi: AccountApi;
  #imApi: ImApi;
  #objectApi: ObjectApi;

  constructor(options: IMClientOptions = {}) {
    this.#storage = options.storage ?? memoryStorage();
    this.#sessionStorage = options.sessionStorage ?? memoryStorage();
    this.#settings = readSettings(
      this.#storage,
      options.location ?? { protocol: 'http:', host: 'localhost' },
    );
    this.session = new SessionStore(this.#storage);
    this.#fetch = options.fetch;
    this.#messagingOptions = options.messaging ?? {};
    const chat = createHttpClient({
      baseUrl: () => this.#settings.chatUrl,
      token: () => this.session.get()?.chatToken,
      fetch: options.fetch,
      onError: (error) => this.#onCallError(error),
    });
    const api = this.#apiClient((error) => this.#onCallError(error));
    this.#accountApi = createAccountApi(chat);
    this.#imApi = createImApi(api);
    this.debugLog = new DebugLogModule(api);
    this.push = new PushModule(api);

    const access = coreAccess(
      () => this.#messaging,
      () => this.#sender(),
    );
    this.messages = new MessagesModule(access);
    this.conversations = new ConversationsModule(access);
    this.contacts = new ContactsModule(createFriendApi(api));
    this.groups = new GroupsModule(createGroupApi(api));
    this.#objectApi = createObjectApi(api);
    this.files = new FilesModule(this.#objectApi);
    this.account = new AccountModule({
      account: this.#accountApi,
      user: createUserApi(chat),
      im: this.#imApi,
      files: this.files,
      userID: () => this.session.get()?.userID,
      self: this.#self,
      emit: (event, payload) => this.#emit(event, payload),
    });
    this.calls = new CallsModule({
      access,
      api: createCallApi(chat, api),
      storage: this.#storage,
      wsUrl: () => this.#settings.wsUrl,
      userID: () => this.session.get()?.userID,
      lookupUser: async (userID) => {
        const [user] = await this.account.getUsersInfo([userID]);
        return user ? { userID: user.userID, nickname: user.nickname, faceURL: user.faceURL } : null;
      },
      emit: (event, payload) => this.#emit(event, payload as IMEvents[typeof event]),
      options: options.calls,
    });
    // Call signals are online-only messages: the calls area hears them first-hand.
    this.#events.on('recvOnlineOnlyMessage', (message) => this.calls.onOnlineOnlyMessage(message));
  }

  /** Listens to an event (docs/sdk.md "Events"); answers the function that stops listening. */
  on<K extends keyof IMEvents>(event: K, listener: (payload: IMEvents[K]) => void): () => void {
    return this.#events.on(event, listener);
  }

  off<K extends keyof IMEvents>(event: K, listener: (payload: IMEvents[K]) => void): void {
    this.#events.off(event, listener);
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

  getConnectionState(): ConnectionState {
    return this.#messaging?.connection.state ?? ConnectionState.Disconnected;
  }

  /**
   * Logs the core in, as `login({ userID, token, apiAddr, wsAddr, platformID, logLevel })` or with
   * the same arguments in that order: checks the stored session against the server, marks the core
   * logged in, then opens the local store and connects the gateway (sync runs on every open). When
   * the server cannot be reached, the core starts from the local store (own info as last seen) and
   * keeps reconnecting; a refused token still ends the session (tokenExpired, kickedOffline).
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
      await this.account.getSelfUserInfo();
    } catch (error) {
      if (!isOfflineError(error)) {
        this.#setStatus(LoginStatus.Logout);
        throw error;
      }
      console.warn('server unreachable: starting from the local store', error);
    }
    this.#setStatus(LoginStatus.Logged);
    await this.#startMessaging(p.userID, p.token);
  }

  /** Keeps a fresh login's tokens and logs the core in. */
  async loginWithSession(session: Session): Promise<void> {
    this.session.save(session);
    await this.login({ userID: session.userID, token: session.imToken });
  }

  /** Revokes the session on the server when possible, then forgets it here. */
  async logout(): Promise<void> {
    await this.calls.dispose();
    await this.#stopMessaging();
    if (this.session.get()) await this.#accountApi.logout().catch(() => undefined);
    this.session.clear();
    this.#self.current = null;
    this.#setStatus(LoginStatus.Logout);
  }

  /** Tells the core whether the page is hidden; the gateway hears it, and a visible page reconnects at once. */
  setAppBackgroundStatus(isBackground: boolean): void {
    this.#background = isBackground;
    this.#messaging?.setBackground(isBackground);
  }

  get isBackground(): boolean {
    return this.#background;
  }

  /** Every event goes out here; own info also reaches the session (the store, the timelines). */
  #emit<K extends keyof IMEvents>(event: K, payload: IMEvents[K]): void {
    if (event === 'selfInfoUpdated') {
      const self = payload as UserInfo;
      this.#self.current = self;
      this.#messaging?.noteSelfInfo(self).catch((error: unknown) => console.warn('own info not kept', error));
    }
    if (LOGGED_EVENTS.has(String(event)))
      this.debugLog.record('info', `event ${event}`, loggedPayload(payload));
    this.#events.emit(event, payload);
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

  #setStatus(status: LoginStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#emit('loginStatusChanged', status);
  }

  #onCallError(error: ApiError): void {
    if (!isTokenError(error.errCode)) return;
    this.#endSession(error.errCode === ErrCode.TOKEN_KICKED ? 'kicked' : 'tokenExpired');
  }

  /** The session ended from outside (kick, expired token, refused login): one event, then logged out. */
  #endSession(reason: CloseReason): void {
    if (this.#status === LoginStatus.Logout) return;
    void this.calls.dispose();
    void this.#stopMessaging();
    this.#setStatus(LoginStatus.Logout);
    if (reason === 'kicked') this.#emit('kickedOffline', undefined);
    else if (reason === 'tokenExpired') this.#emit('tokenExpired', undefined);
  }

  async #startMessaging(userID: string, token: string): Promise<void> {
    const store = await (this.#messagingOptions.openStore ?? openDefaultStore)(userID);
    // Fresh own info is kept for the next start; without it (offline) the last one kept is used.
    if (this.#self.current?.userID === userID) await store.setSelfInfo(this.#self.current);
    else this.#self.current = (await store.getSelfInfo()) ?? null;
    const messaging = new MessagingSession({
      userID,
      gatewayUrl: () => gatewayUrl(this.#settings.wsUrl, { token, userID, platformID: this.#platformID }),
      api: this.#imApi,
      checkToken: tokenCheck(this.#apiClient()),
      store,
      upload: (request) => this.#objectApi.uploadMedia(request),
      sender: () => this.#sender(),
      emit: (event, payload) => this.#emit(event, payload),
      onEnd: (reason) => this.#endSession(reason),
      options: this.#messagingOptions,
    });
    this.#messaging = messaging;
    await messaging.start();
    if (this.#background) messaging.setBackground(true);
  }

  async #stopMessaging(): Promise<void> {
    const messaging = this.#messaging;
    this.#messaging = null;
    await messaging?.stop();
  }

  #sender(): Sender {
    const userID = this.session.get()?.userID ?? '';
    const self = this.#self.current;
    return { userID, nickname: self?.nickname ?? '', faceURL: self?.faceURL ?? '' };
  }
}

export function createIMClient(options?: IMClientOptions): IMClient {
  return new IMClient(options);
}
