import { afterAll, afterEach, beforeAll } from 'vitest';
import { FriendPath, HandleResult, ImPath } from '@im/protocol';
import type { HistoryResp, LoginResp, MessageItem, WsResponse } from '@im/protocol';
import { deferredTestServer } from '@im/server/testing';
import type { TestServer } from '@im/server/testing';
import type { WebSocketConstructor, WebSocketLike } from '../../src/index.ts';
import { connectClient, synced } from './harness.ts';
import type { TestBackend, TestClient } from './harness.ts';

export const SUPER_CODE = '666666';

/**
 * The real server on loopback (SQLite in a temp folder, the super code for registrations, `env` added
 * to its settings) for the enclosing describe block: started before its tests, closed after them. Each client logged in
 * through `login` or `loginSynced` logs out after its test.
 */
export function useRealServer(env: Record<string, string> = {}) {
  const { server, start } = deferredTestServer();
  const open: TestClient[] = [];
  // The super code only registers, and only with ALLOW_SUPER_CODE; one address registers every user.
  beforeAll(() =>
    start({ env: { SUPER_CODE, ALLOW_SUPER_CODE: '1', ACCOUNT_LIMIT_PER_IP: '100000', ...env } }),
  );
  afterAll(() => server.close());
  afterEach(async () => {
    for (const t of open.splice(0)) await t.client.logout().catch(() => undefined);
  });

  /** A client logged in with the session; the frames `drop` answers true for never reach it. */
  const login = async (
    session: LoginResp,
    options: Parameters<typeof connectClient>[2] = {},
    drop?: (f: Frame) => boolean,
  ) => {
    const t = await connectClient(realBackend(server, drop && droppingWebSocket(drop)), session, options);
    open.push(t);
    return t;
  };
  /** A client logged in with the session, once its start-up sync is over. */
  const loginSynced = async (session: LoginResp) => {
    const t = await login(session);
    await synced(t);
    return t;
  };
  return { server, login, loginSynced };
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

/** Registers the users in this order and makes each pair friends (the earlier one applies). */
export async function registerFriends(server: TestServer, nicknames: string[]): Promise<LoginResp[]> {
  const sessions: LoginResp[] = [];
  for (const nickname of nicknames) sessions.push(await registerReal(server, nickname));
  for (let i = 0; i < sessions.length; i += 1)
    for (let j = i + 1; j < sessions.length; j += 1) await befriendReal(server, sessions[i], sessions[j]);
  return sessions;
}

/** A server frame as the client sees it: an answer (msgIncr, errCode) or a push. */
export type Frame = Partial<WsResponse> & { reqIdentifier?: number; data?: unknown };

/**
 * Node's WebSocket with a filter on what reaches the sdk: frames for which `drop` answers true are
 * lost on the way, as on a bad network (the server did send them). Requests for which `dropSent`
 * answers true are lost on the way out (the server never hears them).
 */
export function droppingWebSocket(
  drop: (frame: Frame) => boolean,
  dropSent: (request: { reqIdentifier: number; data?: unknown }) => boolean = () => false,
): WebSocketConstructor {
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
      let request: { reqIdentifier: number } | null = null;
      try {
        request = JSON.parse(data) as { reqIdentifier: number };
      } catch {
        // not a request frame (a heartbeat): always sent
      }
      if (!request || !dropSent(request)) this.#ws.send(data);
    }

    close(code?: number, reason?: string): void {
      this.#ws.close(code, reason);
    }
  };
}

/** A conversation's history as the server holds it (what was really stored), read as `session`. */
export async function serverHistory(
  server: TestServer,
  session: LoginResp,
  conversationID: string,
): Promise<MessageItem[]> {
  const response = await fetch(`${server.url}/api${ImPath.getHistory}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.imToken, operationID: 'h' },
    body: JSON.stringify({ conversationID, count: 100 }),
  });
  return ((await response.json()) as { data: HistoryResp }).data.messages;
}
