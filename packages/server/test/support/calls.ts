import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { CallSignal, ChatPath, ContentType, SessionType, WsReq } from '@im/protocol';
import type { CallInvitation, RoomServerFrame, RtcTokenResp, WsResponse } from '@im/protocol';
import type { TestServer } from '../../src/testing.ts';
import type { GatewayClient } from './gateway.ts';
import { newClientMsgID } from './gateway.ts';
import { post } from './http.ts';

export interface CallUser {
  userID: string;
  imToken: string;
  chatToken: string;
}

export function invitation(
  inviter: string,
  invitee: string,
  extra: Partial<CallInvitation> = {},
): CallInvitation {
  return {
    roomID: randomUUID(),
    inviterUserID: inviter,
    inviteeUserIDList: [invitee],
    mediaType: 'video',
    sessionType: SessionType.Single,
    groupID: '',
    timeout: 30,
    initiateTime: Date.now(),
    ...extra,
  };
}

/** Sends a call signal as the sdk does: an online-only custom message to the peer; the raw answer. */
export function sendSignal(
  socket: GatewayClient,
  recvID: string,
  customType: (typeof CallSignal)[keyof typeof CallSignal],
  data: CallInvitation,
): Promise<WsResponse> {
  return socket.request(WsReq.SendMsg, {
    clientMsgID: newClientMsgID(),
    recvID,
    sessionType: SessionType.Single,
    contentType: ContentType.Custom,
    content: { data: JSON.stringify({ customType, data }), description: '', extension: '' },
    isOnlineOnly: true,
  });
}

export function rtcToken(server: TestServer, user: CallUser, room: string, identity = user.userID) {
  return post<RtcTokenResp>(server, `/chat${ChatPath.rtcToken}`, { room, identity }, user.chatToken);
}

/** A room service socket as the sdk's room client drives it: frames recorded. */
export class RoomClient {
  readonly ws: WebSocket;
  readonly frames: RoomServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    this.closed = new Promise((resolve) => ws.addEventListener('close', (e) => resolve(e)));
    ws.addEventListener('message', (e) => this.frames.push(JSON.parse(String(e.data)) as RoomServerFrame));
  }

  static async open(server: TestServer, token: string): Promise<RoomClient> {
    const ws = new WebSocket(`ws://${server.host}/rtc?token=${encodeURIComponent(token)}`);
    const client = new RoomClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve());
      ws.addEventListener('close', (e) => reject(new Error(`closed before open: ${e.code}`)));
    });
    await client.waitFor('joined');
    return client;
  }

  of<T extends RoomServerFrame['type']>(type: T): Extract<RoomServerFrame, { type: T }>[] {
    return this.frames.filter((f) => f.type === type) as Extract<RoomServerFrame, { type: T }>[];
  }

  async waitFor<T extends RoomServerFrame['type']>(type: T, count = 1) {
    await vi.waitFor(() => {
      if (this.of(type).length < count) throw new Error(`waiting for ${type}`);
    });
    return this.of(type);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000);
    await this.closed;
  }
}
