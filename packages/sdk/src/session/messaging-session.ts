import { isNoticeEvent, MessageStatus, WsPush, WsReq } from '@im/protocol';
import type {
  ConversationItem,
  GroupInfo,
  MessageItem,
  MessageReadersResp,
  ReadStateResp,
  UserInfo,
  WsPushFrame,
} from '@im/protocol';
import { ApiError, SdkErrCode } from '../api-error.ts';
import { Connection } from '../connection/connection.ts';
import { ConnectionState } from '../connection/connection-state.ts';
import type { CloseReason } from '../connection/connection-state.ts';
import { ConversationService } from '../conversations/conversation-service.ts';
import type { ImApi } from '../http-api/im-api-client.ts';
import type { IMEvents } from '../im-events.ts';
import { getHistoryPage } from '../messaging/history.ts';
import type { HistoryPage, HistoryParams } from '../messaging/history.ts';
import type { Sender } from '../messaging/message-factory.ts';
import { MediaUploads } from '../messaging/media-uploads.ts';
import type { Uploader } from '../messaging/media-uploads.ts';
import { browserSaysOffline, Outbox } from '../messaging/outbox.ts';
import { OwnSends } from '../messaging/own-sends.ts';
import type { SendMessageParams } from '../messaging/own-sends.ts';
import { MessageSearch } from '../messaging/search.ts';
import { MessageChanges, newsOf } from '../changes/message-changes.ts';
import type { LocalStore } from '../store/local-store.ts';
import { NewestPages } from '../timeline/newest-pages.ts';
import { DEFAULT_TIMELINE_PAGE, EMPTY_TIMELINE, Timeline } from '../timeline/timeline.ts';
import type { TimelineSnapshot } from '../timeline/timeline.ts';
import { withOlderPage } from '../timeline/newest-page-snapshot.ts';
import { TimelineHub } from '../timeline/timeline-events.ts';
import { gatewaySyncSource } from '../sync/gateway-sync-source.ts';
import { SyncEngine } from '../sync/sync-engine.ts';
import type { SyncEvent } from '../sync/sync-engine.ts';
import type { MessagingOptions } from './messaging-options.ts';

export type { SendMessageParams } from '../messaging/own-sends.ts';

export interface SessionDeps {
  userID: string;
  /** The gateway URL with its auth query, built per attempt. */
  gatewayUrl: () => string;
  api: ImApi;
  checkToken: () => Promise<number>;
  store: LocalStore;
  /** A media message's upload (the IM API's, with progress); options.upload replaces it in tests. */
  upload: Uploader;
  sender: () => Sender;
  emit: <K extends keyof IMEvents>(event: K, payload: IMEvents[K]) => void;
  /** The connection ended for good for a reason other than stop(). */
  onEnd: (reason: CloseReason) => void;
  options: MessagingOptions;
}

/** One logged-in user's messaging: connection, sync, outbox, store and conversations wired together. */
export class MessagingSession {
  readonly conversations: ConversationService;
  readonly connection: Connection;
  readonly engine: SyncEngine;
  /** Message search: the store first, then the server (messaging/search.ts). */
  readonly search: MessageSearch;
  /** Revokes, edits and reactions, own and others' (changes/message-changes.ts). */
  readonly changes: MessageChanges;
  #deps: SessionDeps;
  #outbox: Outbox;
  #sends: OwnSends;
  #uploads: MediaUploads;
  #timelines = new TimelineHub();
  #newest = new NewestPages({
    history: (params) => this.getHistory(params),
    unsent: (conversationID) => this.#deps.store.getUnsentMessages(conversationID),
  });
  #background = false;
  #periodic: ReturnType<typeof setInterval> | null = null;
  #onOnline = () => this.connection.reconnectNow();

  constructor(deps: SessionDeps) {
    this.#deps = deps;
    const { options, emit, store } = deps;
    this.search = new MessageSearch(store, deps.api);
    this.conversations = new ConversationService(store, deps.api, deps.userID, {
      conversationChanged: (items) => {
        emit('conversationChanged', items);
        // A history cleared here or on another device: the open timelines drop what went.
        for (const item of items)
          if (item.minSeq > 0)
            this.#timelines.emit({
              type: 'cleared',
              conversationID: item.conversationID,
              minSeq: item.minSeq,
            });
      },
      newConversation: (items) => emit('newConversation', items),
      totalUnreadChanged: (total) => emit('totalUnreadMessageCountChanged', total),
      deleted: (conversationID) => this.#timelines.emit({ type: 'deleted', conversationID }),
    });
    this.connection = new Connection({
      url: deps.gatewayUrl,
      WebSocket: options.WebSocket,
      requestTimeoutMs: options.requestTimeoutMs,
      heartbeat: options.heartbeat,
      backoff: options.backoff,
      checkToken: deps.checkToken,
    });
    this.engine = new SyncEngine({
      store,
      source: gatewaySyncSource(this.connection),
      pageSize: options.pullPageSize,
      reinstallDepth: options.reinstallDepth,
      deliver: (messages) => this.#deliver(messages),
      // The list is read on the socket the sync has just pulled on: after a reconnect, no HTTP
      // connection of its own to open (docs/sdk.md#sync-rules).
      afterPull: (_reinstall, report) =>
        this.conversations.refreshAll(report, (offset, count) =>
          this.connection.request(WsReq.GetConversationList, { offset, count }),
        ),
      onEvent: (event) => this.#emitSync(event),
    });
    this.#outbox = new Outbox({
      send: (req) => this.connection.request(WsReq.SendMsg, req),
      isConnected: () => this.connection.isOpen,
      maxAttempts: options.sendAttempts,
      deadlineMs: options.sendDeadlineMs,
      isDeviceOffline: options.isDeviceOffline ?? browserSaysOffline,
    });
    this.#uploads = new MediaUploads(options.upload ?? deps.upload);
    this.#sends = new OwnSends({
      selfID: deps.userID,
      store,
      outbox: this.#outbox,
      uploads: this.#uploads,
      sendOnlineOnly: (req) => this.connection.request(WsReq.SendMsg, req),
      keep: async (answer, merge) => {
        const kept = await this.engine.keepOwnAnswer(answer, merge);
        await this.conversations.applyMessages([kept]);
        return kept;
      },
      changed: (event) => this.#timelines.emit(event),
    });
    this.changes = new MessageChanges({
      store,
      connection: this.connection,
      conversations: this.conversations,
      timelines: this.#timelines,
      emit,
      acceptOwn: (notice) => this.engine.acceptOwn(notice),
      sender: deps.sender,
    });
    this.#timelines.listen((event) => this.#newest.forget(event));
    this.#listen();
  }

  /** Loads what this device holds and connects; the first open runs the start-up sync. */
  async start(): Promise<void> {
    await this.engine.load();
    await this.#sends.failLeftOvers();
    this.connection.connect();
    // A browser that regains its network says so; waiting out the backoff would only add delay.
    globalThis.addEventListener?.('online', this.#onOnline);
    const every = this.#deps.options.periodicSyncMs ?? 60_000;
    if (every > 0) this.#periodic = setInterval(() => this.#quietSync(), every);
  }

  /** Ends everything of this session (logout, kick): no reconnect, pending sends fail. */
  async stop(): Promise<void> {
    globalThis.removeEventListener?.('online', this.#onOnline);
    if (this.#periodic) clearInterval(this.#periodic);
    this.#periodic = null;
    this.connection.close();
    this.#outbox.failAll(new ApiError(SdkErrCode.NOT_LOGGED_IN, 'logged out'));
    this.#uploads.cancelAll();
    await this.engine.idle();
    await this.#deps.store.close();
  }

  /**
   * Sends and resolves with the stored message (seq, serverMsgID, sendTime). The message is in the
   * store from now on, Sending, then Succeeded or Failed (see OwnSends); unanswered attempts are
   * retried with the same clientMsgID.
   */
  sendMessage(params: SendMessageParams): Promise<MessageItem> {
    return this.#sends.send(params);
  }

  /** Sends a Failed message again (same clientMsgID: stored once). */
  resendMessage(clientMsgID: string): Promise<MessageItem> {
    return this.#sends.resend(clientMsgID);
  }

  /** Stops an unsent message's upload or send; it stays Failed (see OwnSends.cancel). */
  cancelSend(clientMsgID: string): boolean {
    return this.#sends.cancel(clientMsgID);
  }

  /** The sdk's view of one conversation; close it when the screen goes. */
  openTimeline(conversationID: string, pageSize = DEFAULT_TIMELINE_PAGE): Timeline {
    return new Timeline(
      conversationID,
      {
        selfID: this.#deps.userID,
        // The newest page may be held in memory already (timeline/newest-pages.ts); older ones never are.
        history: (params) =>
          params.startClientMsgID || params.lastMinSeq
            ? this.getHistory(params)
            : this.#newest.history(params.conversationID, params.count ?? pageSize),
        unsent: (id) => this.#newest.unsent(id),
        listen: (listener) => this.#timelines.listen(listener),
        keptNewestPage: (id) => this.#newest.peek(id, pageSize),
      },
      pageSize,
    );
  }

  /** What a timeline of the chat opened now shows after its first loadOlder, when that needs no read. */
  openingSnapshot(conversationID: string, pageSize = DEFAULT_TIMELINE_PAGE): TimelineSnapshot | undefined {
    const page = this.#newest.peek(conversationID, pageSize);
    return page ? withOlderPage(EMPTY_TIMELINE, page) : undefined;
  }

  /** Reads the newest page of these chats into memory, so that opening one shows it at once. */
  preloadNewestPages(conversationIDs: readonly string[], pageSize = DEFAULT_TIMELINE_PAGE): Promise<void> {
    return this.#newest.preload(conversationIDs, pageSize);
  }

  /** Own info changed (here or on another device): kept for an offline start, shown on own messages. */
  async noteSelfInfo(self: UserInfo): Promise<void> {
    await this.#deps.store.setSelfInfo(self);
    this.#timelines.emit({
      type: 'self',
      self: { userID: self.userID, nickname: self.nickname, faceURL: self.faceURL },
    });
  }

  async markConversationMessageAsRead(conversationID: string): Promise<void> {
    await this.connection.request(WsReq.MarkAsRead, { conversationID });
    await this.conversations.markRead(conversationID);
  }

  getReadState(conversationID: string): Promise<ReadStateResp> {
    return this.#deps.api.getReadState(conversationID);
  }

  getMessageReaders(conversationID: string, seq: number): Promise<MessageReadersResp> {
    return this.#deps.api.getMessageReaders({ conversationID, seq });
  }

  async typingStatusUpdate(recvID: string, msgTips: string): Promise<void> {
    await this.connection.request(WsReq.Typing, { recvID, msgTips });
  }

  /** Revokes an own message; the stored copy becomes the notice here at once and everywhere by push. */
  revokeMessage(conversationID: string, clientMsgID: string): Promise<void> {
    return this.changes.revoke(conversationID, clientMsgID);
  }

  /**
   * Deletes a message on this device only: a stored copy stays (the seq bookkeeping relies on it)
   * with status Deleted, and timelines leave it out; an unsent one (never stored by the server) is no
   * longer sent and leaves the store.
   */
  async deleteLocalMessage(conversationID: string, clientMsgID: string): Promise<void> {
    const message = await this.#deps.store.getMessage(clientMsgID);
    if (!message || message.conversationID !== conversationID) return;
    if (message.seq === 0) return this.#sends.deleteUnsent(message);
    const deleted = { ...message, status: MessageStatus.Deleted };
    await this.#deps.store.putMessages([deleted]);
    this.#timelines.emit({ type: 'put', messages: [deleted] });
  }

  setBackground(isBackground: boolean): void {
    this.#background = isBackground;
    if (this.connection.state === ConnectionState.Connected) {
      void this.connection.request(WsReq.SetBackground, { isBackground }).catch(() => undefined);
    }
    if (!isBackground) this.connection.reconnectNow();
  }

  async getHistory(params: HistoryParams): Promise<HistoryPage> {
    const known = this.engine.knownSeq(params.conversationID);
    const page = await getHistoryPage(this.#deps.store, this.#deps.api, known, params);
    // A page from the server may run ahead of the sync; what the app has shown is not news later.
    this.engine.markSeen(page.messageList);
    return page;
  }

  #listen(): void {
    const { emit } = this.#deps;
    this.connection.on('state', (state) => {
      emit('connectionStateChanged', state);
      if (state === ConnectionState.Connecting || state === ConnectionState.Reconnecting)
        emit('connecting', undefined);
    });
    this.connection.on('connectFailed', (failure) => emit('connectFailed', failure));
    this.connection.on('open', () => {
      emit('connectSuccess', undefined);
      if (this.#background) this.setBackground(true);
      void this.engine.syncAll();
      this.#outbox.flush();
    });
    this.connection.on('push', (frame) => {
      // A push that cannot be applied (store failure) is picked up again by the next full sync.
      this.#onPush(frame).catch((error: unknown) => console.warn('push not applied', error));
    });
    this.connection.on('closed', ({ reason }) => {
      if (reason !== 'closed') this.#deps.onEnd(reason);
    });
  }

  async #onPush(frame: WsPushFrame): Promise<void> {
    if (frame.reqIdentifier === WsPush.NewMessage || frame.reqIdentifier === WsPush.OnlineOnly) {
      const message = frame.data as MessageItem;
      if (!message?.clientMsgID) return;
      if (frame.reqIdentifier === WsPush.NewMessage && message.seq > 0) {
        // Our own send pushed back before its answer came: it answers sendMessage, it is not news.
        const ownPending = message.sendID === this.#deps.userID && this.#outbox.has(message.clientMsgID);
        return ownPending ? this.engine.acceptOwn(message) : this.engine.push(message);
      }
      if (this.engine.firstOnlineOnly(message)) this.#deps.emit('recvOnlineOnlyMessage', message);
    } else if (frame.reqIdentifier === WsPush.ConversationChanged) {
      await this.conversations.merge((frame.data as ConversationItem[]) ?? []);
    } else if (frame.reqIdentifier === WsPush.Notice) {
      // Profile and contacts changes, re-emitted under the event's own name (protocol/src/notice.ts);
      // an event this version does not know is ignored.
      const { event, data } = (frame.data ?? {}) as { event?: unknown; data?: unknown };
      if (!isNoticeEvent(event) || !data || typeof data !== 'object') return;
      if (event === 'groupInfoChanged') await this.conversations.applyGroupInfo(data as GroupInfo);
      this.#deps.emit(event, data as IMEvents[typeof event]);
    }
  }

  async #deliver(messages: MessageItem[]): Promise<void> {
    await this.conversations.applyMessages(messages);
    this.#timelines.emit({ type: 'put', messages });
    const news = newsOf(messages);
    if (news.length) this.#deps.emit('recvNewMessages', news);
    await this.changes.applyAll(messages);
  }

  #emitSync(event: SyncEvent): void {
    const { emit } = this.#deps;
    if (event.type === 'start') emit('syncStart', { reinstall: event.reinstall });
    else if (event.type === 'progress')
      emit('syncProgress', { reinstall: event.reinstall, progress: event.progress });
    else if (event.type === 'finish') emit('syncFinish', { reinstall: event.reinstall });
    else emit('syncFailed', { reinstall: event.reinstall, errCode: event.errCode, errMsg: event.errMsg });
  }

  #quietSync(): void {
    if (this.connection.state === ConnectionState.Connected) void this.engine.syncAll({ quiet: true });
  }
}
