import { ErrCode, isTokenError, WsClose, WsPush, WsReq } from '@im/protocol';
import type {
  GatewayPushFrame,
  GatewayReq,
  GatewayRequestID,
  GatewayResp,
  WsPushFrame,
  WsResponse,
} from '@im/protocol';
import { ApiError, SdkErrCode } from '../api-error.ts';
import { newOperationID } from '../http-client.ts';
import { TypedEmitter } from '../typed-emitter.ts';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
import type { BackoffOptions } from './backoff.ts';
import { ConnectionState } from './connection-state.ts';
import type { CloseReason } from './connection-state.ts';
import { DEFAULT_HEARTBEAT, Heartbeat } from './heartbeat.ts';
import type { HeartbeatOptions } from './heartbeat.ts';
import { PendingRequests } from './pending-requests.ts';
import { defaultWebSocket } from './websocket-like.ts';
import type { WebSocketConstructor, WebSocketLike } from './websocket-like.ts';

export interface ConnectionOptions {
  /** The upgrade URL, built again for every attempt (fresh operationID). */
  url: () => string;
  WebSocket?: WebSocketConstructor;
  requestTimeoutMs?: number;
  heartbeat?: Partial<HeartbeatOptions>;
  backoff?: Partial<BackoffOptions>;
  /**
   * Asked after a socket closed before it opened. A refused upgrade (401) looks like any other
   * failed connect to a browser, so the client checks its token over HTTP: the answer is 0 when the
   * token is fine (or the check itself failed), else the token error code.
   */
  checkToken?: () => Promise<number>;
}

export interface ConnectionEvents extends Record<string, unknown> {
  state: ConnectionState;
  /** The socket is open; `reconnect` is false only for the first open of this connection. */
  open: { reconnect: boolean };
  /** A push of the gateway table (packages/protocol/src/gateway-table.ts). */
  push: GatewayPushFrame;
  /** A connect attempt failed; 705 (login expired) is final, anything else is retried. */
  connectFailed: { errCode: number; errMsg: string };
  /** Ended for good. */
  closed: { reason: CloseReason };
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
const OPEN = 1;

/**
 * One logical gateway connection over successive sockets: correlates requests with answers by
 * msgIncr, keeps the socket alive with heartbeats, reconnects with backoff, and stops for good on a
 * kick, an expired token or a refused login.
 */
export class Connection extends TypedEmitter<ConnectionEvents> {
  #options: ConnectionOptions;
  #backoff: BackoffOptions;
  #state: ConnectionState = ConnectionState.Disconnected;
  #ws: WebSocketLike | null = null;
  #pending = new PendingRequests();
  #heartbeat: Heartbeat;
  #attempt = 0;
  #everOpened = false;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ConnectionOptions) {
    super();
    this.#options = options;
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.#heartbeat = new Heartbeat(
      { ...DEFAULT_HEARTBEAT, ...options.heartbeat },
      () => void this.request(WsReq.Heartbeat, {}).catch(() => undefined),
      () => this.#dropDeadSocket(),
    );
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** Starts connecting; no-op while a socket is open or an attempt is under way. */
  connect(): void {
    if (this.#state !== ConnectionState.Disconnected) return;
    this.#setState(ConnectionState.Connecting);
    this.#openSocket();
  }

  /** Skips the backoff wait (the page came back to the foreground, the network returned). */
  reconnectNow(): void {
    if (this.#state !== ConnectionState.Reconnecting || !this.#retryTimer) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#attempt = 0;
    this.#openSocket();
  }

  /** Ends the connection on purpose (logout); emits closed with reason 'closed'. */
  close(): void {
    this.#finish('closed');
  }

  /**
   * Sends a request and resolves with the answer's data; rejects with the answer's errCode. The data
   * and the answer are typed by the gateway table (packages/protocol/src/gateway-table.ts).
   */
  request<K extends GatewayRequestID>(
    reqIdentifier: K,
    data: GatewayReq<K>,
    timeoutMs?: number,
  ): Promise<GatewayResp<K>> {
    const ws = this.#ws;
    if (!this.isOpen || !ws) return Promise.reject(new ApiError(SdkErrCode.NETWORK, 'not connected'));
    const msgIncr = this.#pending.nextIncr();
    const frame = JSON.stringify({ reqIdentifier, msgIncr, operationID: newOperationID(), data });
    try {
      ws.send(frame);
    } catch {
      // The socket is closing and its close event has not come yet.
      return Promise.reject(new ApiError(SdkErrCode.NETWORK, 'not connected'));
    }
    const timeout = timeoutMs ?? this.#options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    return this.#pending.wait(msgIncr, timeout) as Promise<GatewayResp<K>>;
  }

  /** Connected with a socket that can send now. */
  get isOpen(): boolean {
    return this.#state === ConnectionState.Connected && this.#ws?.readyState === OPEN;
  }

  /** The one place the state changes; every change is announced. */
  #setState(state: ConnectionState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.emit('state', state);
  }

  #openSocket(): void {
    let opened = false;
    let ws: WebSocketLike;
    try {
      // Resolved per attempt: a runtime without WebSocket fails attempts, not the login.
      const WebSocketClass = this.#options.WebSocket ?? defaultWebSocket();
      ws = new WebSocketClass(this.#options.url());
    } catch {
      void this.#onLost(1006, false);
      return;
    }
    this.#ws = ws;
    ws.onopen = () => {
      if (this.#ws !== ws) return;
      opened = true;
      this.#onOpen();
    };
    ws.onmessage = (event) => {
      if (this.#ws === ws) this.#onFrame(event.data);
    };
    ws.onclose = (event) => {
      if (this.#ws === ws) void this.#onLost(event.code, opened);
    };
    ws.onerror = () => undefined; // a close event always follows
  }

  #onOpen(): void {
    this.#attempt = 0;
    this.#setState(ConnectionState.Connected);
    this.#heartbeat.start();
    this.emit('open', { reconnect: this.#everOpened });
    this.#everOpened = true;
  }

  #onFrame(raw: unknown): void {
    this.#heartbeat.seen();
    let frame: Partial<WsResponse & WsPushFrame>;
    try {
      frame = JSON.parse(String(raw)) as Partial<WsResponse & WsPushFrame>;
    } catch {
      return; // not ours to understand; the heartbeat already counted it
    }
    if (typeof frame.msgIncr === 'string' && frame.msgIncr !== '' && typeof frame.errCode === 'number') {
      this.#pending.settle(frame as WsResponse);
      return;
    }
    if (frame.reqIdentifier === WsPush.KickOnline) return this.#finish('kicked');
    if (frame.reqIdentifier === WsPush.TokenExpired) return this.#finish('tokenExpired');
    if (typeof frame.reqIdentifier === 'number') this.emit('push', frame as GatewayPushFrame);
  }

  async #onLost(code: number, wasOpen: boolean): Promise<void> {
    this.#detachSocket();
    if (this.#state === ConnectionState.Closed) return;
    if (code === WsClose.Kicked) return this.#finish('kicked');
    if (code === WsClose.TokenExpired) return this.#finish('tokenExpired');
    this.#setState(ConnectionState.Reconnecting);
    if (!wasOpen) {
      const errCode = (await this.#options.checkToken?.().catch(() => 0)) ?? 0;
      if (this.#state !== ConnectionState.Reconnecting) return; // closed while we asked
      if (errCode === ErrCode.TOKEN_KICKED) return this.#finish('kicked');
      if (isTokenError(errCode)) {
        this.emit('connectFailed', { errCode: ErrCode.LOGIN_EXPIRED, errMsg: 'login expired' });
        return this.#finish('loginExpired');
      }
      this.emit('connectFailed', { errCode: SdkErrCode.NETWORK, errMsg: `connect failed (close ${code})` });
    }
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    const delay = backoffDelay(this.#attempt, this.#backoff);
    this.#attempt += 1;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#state === ConnectionState.Reconnecting) this.#openSocket();
    }, delay);
  }

  /** The heartbeat heard nothing: stop waiting for the browser to notice and start over. */
  #dropDeadSocket(): void {
    const ws = this.#ws;
    if (!ws) return;
    void this.#onLost(1006, true);
    try {
      ws.close();
    } catch {
      // already closing
    }
  }

  /** Forgets the current socket so that its late events are ignored, and fails what waited on it. */
  #detachSocket(): WebSocketLike | null {
    const ws = this.#ws;
    this.#ws = null;
    this.#heartbeat.stop();
    if (ws) ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    this.#pending.rejectAll(new ApiError(SdkErrCode.NETWORK, 'connection lost'));
    return ws;
  }

  #finish(reason: CloseReason): void {
    if (this.#state === ConnectionState.Closed) return;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const ws = this.#detachSocket();
    try {
      ws?.close(1000, reason);
    } catch {
      // already closing
    }
    this.#setState(ConnectionState.Closed);
    this.emit('closed', { reason });
  }
}
