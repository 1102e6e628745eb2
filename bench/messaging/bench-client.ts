import WebSocket from 'ws';
import { ContentType, SessionType, WsPush, WsReq } from '@im/protocol';
import { newClientMsgID } from '@im/sdk';
import type { MessageItem } from '@im/protocol';
import type { BenchUser } from './seed-users.ts';
import { gatewayUrl } from '../support/gateway-url.ts';

/** One user's gateway socket speaking the frames of docs/sdk.md, recording send-to-receive latency. */
export class BenchClient {
  readonly user: BenchUser;
  #socket: WebSocket | null = null;
  #incr = 0;
  #pending = new Map<string, (errCode: number) => void>();
  /** Called for every stored message pushed to this user, with its latency in ms. */
  onReceive: (latencyMs: number) => void = () => {};
  /** Called for every answer to this user's sends (after the server's commit), with its wait in ms. */
  onAnswer: (latencyMs: number) => void = () => {};

  constructor(user: BenchUser) {
    this.user = user;
  }

  /** `localAddress`: the loopback source address (each has its own ephemeral ports, bench/README.md). */
  open(port: number, localAddress?: string): Promise<void> {
    const socket = new WebSocket(gatewayUrl(port, this.user, `bench-${this.user.userID}`), {
      perMessageDeflate: false,
      localAddress,
    });
    this.#socket = socket;
    socket.on('message', (raw) => this.#onFrame(String(raw)));
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
  }

  #onFrame(text: string): void {
    const frame = JSON.parse(text) as {
      reqIdentifier: number;
      msgIncr?: string;
      errCode?: number;
      data?: unknown;
    };
    if (frame.msgIncr && typeof frame.errCode === 'number') {
      this.#pending.get(frame.msgIncr)?.(frame.errCode);
      this.#pending.delete(frame.msgIncr);
      return;
    }
    if (frame.reqIdentifier === WsPush.NewMessage) {
      const message = frame.data as MessageItem;
      if (message.sendID === this.user.userID) return;
      const sentAt = Number(message.textElem?.content.split(' ')[0]);
      if (sentAt) this.onReceive(performance.timeOrigin + performance.now() - sentAt);
    }
  }

  #request(reqIdentifier: number, data: unknown): Promise<number> {
    this.#incr += 1;
    const msgIncr = `${this.user.userID}-${this.#incr}`;
    return new Promise((resolve) => {
      this.#pending.set(msgIncr, resolve);
      this.#socket!.send(JSON.stringify({ reqIdentifier, msgIncr, operationID: msgIncr, data }));
    });
  }

  /** A one-to-one text whose content starts with the send time, answered with the server's errCode. */
  send(recvID: string): Promise<number> {
    const started = performance.now();
    const now = performance.timeOrigin + started;
    const answered = this.#request(WsReq.SendMsg, {
      // The sdk's own ids (time first), whose order decides how the server's index on them grows.
      clientMsgID: newClientMsgID(),
      recvID,
      sessionType: SessionType.Single,
      contentType: ContentType.Text,
      content: { content: `${now} bench message` },
    });
    return answered.then((errCode) => {
      this.onAnswer(performance.now() - started);
      return errCode;
    });
  }

  heartbeat(): void {
    void this.#request(WsReq.Heartbeat, {});
  }

  close(): void {
    this.#socket?.terminate();
  }
}
