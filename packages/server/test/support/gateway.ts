import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { vi } from 'vitest';
import { SessionType, WsReq } from '@im/protocol';
import type { MessageItem, SendMsgReq, WsPushFrame, WsResponse } from '@im/protocol';
import type { TestServer } from '../../src/testing.ts';

export interface Session {
  userID: string;
  imToken: string;
}

export function gatewayUrl(server: TestServer, query: Record<string, string>): string {
  return `ws://${server.host}/msg_gateway?${new URLSearchParams(query)}`;
}

function sessionQuery(session: Session, platformID = 5): Record<string, string> {
  return {
    token: session.imToken,
    sendID: session.userID,
    platformID: String(platformID),
    operationID: `op-${Math.random().toString(36).slice(2)}`,
  };
}

/** A gateway socket as a test drives it (Node 24's global WebSocket): requests by msgIncr, pushes recorded. */
export class GatewayClient {
  readonly ws: WebSocket;
  readonly pushes: WsPushFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #incr = 0;
  #pending = new Map<string, (frame: WsResponse) => void>();

  private constructor(ws: WebSocket) {
    this.ws = ws;
    this.closed = new Promise((resolve) => ws.addEventListener('close', (e) => resolve(e)));
    ws.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as WsResponse & WsPushFrame;
      if (typeof frame.errCode === 'number' && frame.msgIncr) this.#pending.get(frame.msgIncr)?.(frame);
      else this.pushes.push(frame);
    });
  }

  static async open(server: TestServer, session: Session, platformID = 5): Promise<GatewayClient> {
    const ws = new WebSocket(gatewayUrl(server, sessionQuery(session, platformID)));
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve());
      ws.addEventListener('close', (e) => reject(new Error(`closed before open: ${e.code}`)));
    });
    return new GatewayClient(ws);
  }

  /** The answer frame (whatever its errCode). */
  request<T = unknown>(reqIdentifier: number, data: unknown): Promise<WsResponse<T>> {
    this.#incr += 1;
    const msgIncr = `m${this.#incr}`;
    const answer = new Promise<WsResponse<T>>((resolve) =>
      this.#pending.set(msgIncr, resolve as (frame: WsResponse) => void),
    );
    this.ws.send(JSON.stringify({ reqIdentifier, msgIncr, operationID: `op-${msgIncr}`, data }));
    return answer;
  }

  /** The answer's data; fails the test on an error code. */
  async call<T = unknown>(reqIdentifier: number, data: unknown): Promise<T> {
    const answer = await this.request<T>(reqIdentifier, data);
    if (answer.errCode !== 0)
      throw new Error(`request ${reqIdentifier} failed: ${answer.errCode} ${answer.errMsg}`);
    return answer.data as T;
  }

  sendText(recvID: string, text: string, clientMsgID = newClientMsgID()): Promise<MessageItem> {
    return this.call<MessageItem>(WsReq.SendMsg, textSend(recvID, text, clientMsgID));
  }

  pushesOf<T = unknown>(reqIdentifier: number): T[] {
    return this.pushes.filter((p) => p.reqIdentifier === reqIdentifier).map((p) => p.data as T);
  }

  async waitForPushes<T = unknown>(reqIdentifier: number, count = 1): Promise<T[]> {
    await vi.waitFor(() => {
      if (this.pushesOf(reqIdentifier).length < count) throw new Error(`waiting for push ${reqIdentifier}`);
    });
    return this.pushesOf<T>(reqIdentifier);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000);
    await this.closed;
  }
}

let serial = 0;
export function newClientMsgID(): string {
  serial += 1;
  return `cmsg-${Date.now()}-${serial}-${Math.random().toString(36).slice(2)}`;
}

export function textSend(recvID: string, text: string, clientMsgID = newClientMsgID()): SendMsgReq {
  return {
    clientMsgID,
    recvID,
    sessionType: SessionType.Single,
    contentType: 101,
    content: { content: text },
  };
}

/** A raw upgrade request: the HTTP status the server answers (101 when it upgrades). */
export async function upgradeStatus(
  server: TestServer,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<number> {
  return (await upgradeAnswer(server, query, headers)).status;
}

/** A raw upgrade request: the status and headers of the server's answer (101 when it upgrades). */
export function upgradeAnswer(
  server: TestServer,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      // A fresh connection each time: the server ends a refused upgrade's socket.
      agent: false,
      host: '127.0.0.1',
      port: Number(server.host.split(':')[1]),
      path: `/msg_gateway?${new URLSearchParams(query)}`,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': Buffer.from('0123456789abcdef').toString('base64'),
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

export { sessionQuery };
