import { FriendPath, HandleResult } from '@im/protocol';
import type { LoginResp, WsResponse } from '@im/protocol';
import { startTestServer } from '@im/server/testing';
import type { TestServer } from '@im/server/testing';
import type { WebSocketConstructor, WebSocketLike } from '../../src/index.ts';
import type { TestBackend } from './harness.ts';

export const SUPER_CODE = '666666';

/** The real server on loopback (SQLite in a temp folder) with the super code for registrations. */
export function startRealServer(): Promise<TestServer> {
  return startTestServer({ env: { SUPER_CODE } });
}

export function realBackend(server: TestServer, WebSocket?: WebSocketConstructor): TestBackend {
  return { location: { protocol: 'http:', host: server.host }, WebSocket };
}

let serial = 0;
/** A new account through the real chat service, as the web's register screen makes it. */
export async function registerReal(server: TestServer, nickname: string): Promise<LoginResp> {
  serial += 1;
  const response = await fetch(`${server.url}/chat/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: `reg-${serial}` },
    body: JSON.stringify({
      verifyCode: SUPER_CODE,
      platform: 5,
      user: {
        email: `${nickname.toLowerCase()}${serial}-${Date.now()}@example.com`,
        password: 'secret123',
        nickname,
      },
    }),
  });
  const envelope = (await response.json()) as { errCode: number; errMsg: string; data?: LoginResp };
  if (envelope.errCode !== 0 || !envelope.data)
    throw new Error(`register: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data;
}

async function imCall(server: TestServer, session: LoginResp, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.imToken, operationID: `f-${serial}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { errCode: number; errMsg: string };
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
}

/** `a` applies and `b` accepts through the real IM API: one-to-one messages go between friends only. */
export async function befriendReal(server: TestServer, a: LoginResp, b: LoginResp): Promise<void> {
  await imCall(server, a, FriendPath.addFriend, { toUserID: b.userID, reqMsg: 'hi' });
  await imCall(server, b, FriendPath.respondFriendApplication, {
    fromUserID: a.userID,
    handleResult: HandleResult.Approved,
  });
}

/** A server frame as the client sees it: an answer (msgIncr, errCode) or a push. */
export type Frame = Partial<WsResponse> & { reqIdentifier?: number; data?: unknown };

/**
 * Node's WebSocket with a filter on what reaches the sdk: frames for which `drop` answers true are
 * lost on the way, as on a bad network (the server did send them).
 */
export function droppingWebSocket(drop: (frame: Frame) => boolean): WebSocketConstructor {
  return class DroppingWebSocket implements WebSocketLike {
    onopen: WebSocketLike['onopen'] = null;
    onmessage: WebSocketLike['onmessage'] = null;
    onclose: WebSocketLike['onclose'] = null;
    onerror: WebSocketLike['onerror'] = null;
    readonly #ws: WebSocket;

    constructor(url: string) {
      this.#ws = new WebSocket(url);
      this.#ws.onopen = (event) => this.onopen?.(event);
      this.#ws.onclose = (event) => this.onclose?.({ code: event.code, reason: event.reason });
      this.#ws.onerror = (event) => this.onerror?.(event);
      this.#ws.onmessage = (event) => {
        if (!drop(JSON.parse(String(event.data)) as Frame)) this.onmessage?.({ data: event.data });
      };
    }

    get readyState(): number {
      return this.#ws.readyState;
    }

    send(data: string): void {
      this.#ws.send(data);
    }

    close(code?: number, reason?: string): void {
      this.#ws.close(code, reason);
    }
  };
}
