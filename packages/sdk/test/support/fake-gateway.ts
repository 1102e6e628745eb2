import { ContentType, WsClose, WsPush, WsReq } from '@im/protocol';
import type { MessageItem, SendMsgReq, WsRequest } from '@im/protocol';
import type { WebSocketLike } from '../../src/connection/websocket-like.ts';
import { FakeImState } from './fake-im-state.ts';
import { fakeHttp } from './fake-http.ts';

const OPEN = 1;
const CLOSED = 3;
/** Frames travel on a timer, like on a network: never within the sender's call. */
const later = (fn: () => void) => void setTimeout(fn, 0);

/** The client end of a fake socket, made by the sdk through the injected constructor. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  userID = '';
  /** Frames from this socket are lost and nothing reaches it (a dead network path). */
  silent = false;
  #gateway: FakeGateway;

  constructor(gateway: FakeGateway, url: string) {
    this.#gateway = gateway;
    later(() => gateway.accept(this, new URL(url)));
  }

  send(data: string): void {
    if (this.readyState !== OPEN) throw new Error('socket not open');
    if (!this.silent) later(() => this.#gateway.receive(this, JSON.parse(data) as WsRequest));
  }

  close(code = 1000, reason = ''): void {
    this.serverClose(code, reason);
  }

  /** Delivers a frame to the sdk. */
  deliver(frame: unknown): void {
    if (this.readyState === OPEN && !this.silent)
      later(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }

  open(): void {
    this.readyState = OPEN;
    this.onopen?.({});
  }

  serverClose(code: number, reason = ''): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.#gateway.sockets.delete(this);
    later(() => this.onclose?.({ code, reason }));
  }
}

/** A WebSocket class whose instances connect to this gateway (what the sdk's option takes). */
function socketClassFor(gateway: FakeGateway): new (url: string) => WebSocketLike {
  return class extends FakeSocket {
    constructor(url: string) {
      super(gateway, url);
    }
  };
}

/**
 * An in-memory gateway plus IM API: pass `gateway.WebSocket` and `gateway.fetch` to the client. The
 * knobs (dropPush, dropAck, offline, kick…) make the failures the tests need.
 */
export class FakeGateway {
  state = new FakeImState();
  sockets = new Set<FakeSocket>();
  connectAttempts = new Map<string, number>();
  /** Pushes for which this returns true are lost on the way. */
  dropPush: (userID: string, message: MessageItem) => boolean = () => false;
  /** Requests for which this returns true are carried out but their answers are lost. */
  dropAck: (req: WsRequest) => boolean = () => false;
  /** Users whose connects fail as if the network were down (close before open, token fine). */
  offline = new Set<string>();
  requests: WsRequest[] = [];
  /** Also push a send back to the socket that sent it (before its answer), which the real server does not. */
  echoToSender = false;
  /** Paths of the HTTP calls received, and a delay before each answer. */
  httpCalls: string[] = [];
  httpDelayMs = 0;
  readonly WebSocket: new (url: string) => WebSocketLike;
  readonly fetch = fakeHttp(this);

  constructor() {
    this.WebSocket = socketClassFor(this);
  }

  /** The upgrade: the token is checked before anything opens (a refusal is a close before open). */
  accept(socket: FakeSocket, url: URL): void {
    const sendID = url.searchParams.get('sendID') ?? '';
    this.connectAttempts.set(sendID, (this.connectAttempts.get(sendID) ?? 0) + 1);
    const user = this.state.userByToken(url.searchParams.get('token'));
    if (!user || user.userID !== sendID || this.offline.has(sendID)) return socket.serverClose(1006);
    socket.userID = sendID;
    this.sockets.add(socket);
    socket.open();
  }

  socketsOf(userID: string): FakeSocket[] {
    return [...this.sockets].filter((s) => s.userID === userID);
  }

  /** Drops the user's sockets as a lost network would (no close frame reason). */
  disconnect(userID: string): void {
    for (const socket of this.socketsOf(userID)) socket.serverClose(1006);
  }

  /** A second login elsewhere: the kick frame, then the close. */
  kick(userID: string): void {
    for (const socket of this.socketsOf(userID)) {
      socket.deliver({ reqIdentifier: WsPush.KickOnline, data: null });
      later(() => socket.serverClose(WsClose.Kicked, 'kicked'));
    }
  }

  /** Revokes the token: later upgrades and HTTP calls answer token errors. */
  expireToken(userID: string): void {
    const user = this.state.users.get(userID);
    if (user) user.token = `${user.token}-expired`;
    for (const socket of this.socketsOf(userID)) {
      socket.deliver({ reqIdentifier: WsPush.TokenExpired, data: null });
    }
  }

  push(userID: string, reqIdentifier: number, data: unknown, except?: FakeSocket): void {
    for (const socket of this.socketsOf(userID)) {
      if (socket === except) continue;
      if (reqIdentifier === WsPush.NewMessage && this.dropPush(userID, data as MessageItem)) continue;
      socket.deliver({ reqIdentifier, data });
    }
  }

  receive(socket: FakeSocket, req: WsRequest): void {
    if (!this.sockets.has(socket)) return;
    this.requests.push(req);
    let answer: { errCode: number; errMsg: string; data?: unknown };
    try {
      answer = { errCode: 0, errMsg: '', data: this.#handle(socket, req) };
    } catch (error) {
      answer = { errCode: 1001, errMsg: String(error) };
    }
    if (this.dropAck(req)) return;
    const { reqIdentifier, msgIncr, operationID } = req;
    socket.deliver({ reqIdentifier, msgIncr, operationID, ...answer });
  }

  #handle(socket: FakeSocket, req: WsRequest): unknown {
    const userID = socket.userID;
    const data = (req.data ?? {}) as Record<string, unknown>;
    switch (req.reqIdentifier) {
      case WsReq.Heartbeat:
      case WsReq.SetBackground:
        return {};
      case WsReq.GetMaxSeqs:
        return this.state.maxSeqs(userID);
      case WsReq.GetConversationList:
        return this.state.conversationPage(userID, Number(data.offset ?? 0), Number(data.count ?? 20));
      case WsReq.PullMsgs: {
        const msgs: Record<string, MessageItem[]> = {};
        for (const r of data.ranges as { conversationID: string; begin: number; end: number }[]) {
          msgs[r.conversationID] = [
            ...(msgs[r.conversationID] ?? []),
            ...this.state.pull(userID, r.conversationID, r.begin, r.end),
          ];
        }
        return { msgs };
      }
      case WsReq.SendMsg:
        return this.#send(socket, data as unknown as SendMsgReq);
      case WsReq.MarkAsRead: {
        const id = String(data.conversationID);
        this.state.view(userID, id).hasReadSeq = this.state.messages.get(id)?.length ?? 0;
        this.push(userID, WsPush.ConversationChanged, [this.state.conversation(userID, id)], socket);
        return {};
      }
      case WsReq.Typing: {
        const typing = this.state.send(userID, {
          clientMsgID: `typing-${Date.now()}-${Math.random()}`,
          recvID: String(data.recvID),
          sessionType: 1,
          contentType: ContentType.Typing,
          content: { msgTips: data.msgTips },
          isOnlineOnly: true,
        });
        this.push(String(data.recvID), WsPush.OnlineOnly, typing.message);
        return {};
      }
      case WsReq.Revoke: {
        const notice = this.state.revoke(userID, String(data.conversationID), Number(data.seq));
        this.#fanOut(socket, notice, [notice.recvID]);
        return notice;
      }
      default:
        throw new Error(`unknown request ${req.reqIdentifier}`);
    }
  }

  #send(socket: FakeSocket, req: SendMsgReq): MessageItem {
    const { message, fresh, recipients } = this.state.send(socket.userID, req);
    if (req.isOnlineOnly) {
      for (const id of recipients) this.push(id, WsPush.OnlineOnly, message);
    } else if (fresh) {
      this.#fanOut(socket, message, recipients);
    }
    return message;
  }

  /** Every socket of every recipient, and the sender's other sockets. */
  #fanOut(from: FakeSocket, message: MessageItem, recipients: string[]): void {
    for (const id of recipients) if (id && id !== from.userID) this.push(id, WsPush.NewMessage, message);
    this.push(from.userID, WsPush.NewMessage, message, this.echoToSender ? undefined : from);
  }
}
