import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { ROOM_FRAME_MAX_BYTES, roomClientFrameSchema, RoomCloseCode } from '@im/protocol';
import type { IceServer, RoomServerFrame } from '@im/protocol';
import type { Bus, RtcEvent } from '../bus/bus.ts';
import { RateBucket } from '../gateway/rate-bucket.ts';
import type { RoomGrant } from './room-token.ts';

/** Frames a room socket may send at once, and per second after that (an offer, an answer and ICE candidates). */
export interface RoomLimits {
  maxFrameBytes: number;
  rateBurst: number;
  ratePerSecond: number;
}

export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  maxFrameBytes: ROOM_FRAME_MAX_BYTES,
  rateBurst: 100,
  ratePerSecond: 20,
};

interface LocalSocket {
  socketID: string;
  userID: string;
  socket: WebSocket;
}

/**
 * The room service (docs/api.md#room-service-rtc): signalling only, between a room's two
 * participants. Everything goes through the bus's `rtc` topic, so the two sockets of a room may sit on
 * two nodes: each node keeps every room's membership from the `join` and `leave` events and delivers
 * to the sockets it holds. A room holds nothing once both left or it was closed.
 */
export class RoomService {
  readonly #bus: Bus;
  readonly #limits: RoomLimits;
  readonly #onEmptied: (room: string) => void;
  /** room → userID → the socket that user is in the room with (on whichever node). */
  readonly #members = new Map<string, Map<string, string>>();
  /** room → the sockets of that room this node holds. */
  readonly #local = new Map<string, Map<string, LocalSocket>>();

  constructor(bus: Bus, limits: RoomLimits, onEmptied: (room: string) => void) {
    this.#bus = bus;
    this.#limits = limits;
    this.#onEmptied = onEmptied;
    bus.subscribe('rtc', (event) => this.#deliver(event));
  }

  /** Rooms with anyone in them, known to this node (tests check that closed rooms hold nothing). */
  get roomCount(): number {
    return new Set([...this.#members.keys(), ...this.#local.keys()]).size;
  }

  /** A participant's socket, once its grant was checked before the upgrade. */
  join(socket: WebSocket, grant: RoomGrant, iceServers: IceServer[]): void {
    const me: LocalSocket = { socketID: randomUUID(), userID: grant.userID, socket };
    const { room } = grant;
    let local = this.#local.get(room);
    if (!local) this.#local.set(room, (local = new Map()));
    local.set(me.socketID, me);
    const peers = [...(this.#members.get(room)?.keys() ?? [])].filter((id) => id !== me.userID);
    send(socket, { type: 'joined', iceServers, peers });
    this.#bus.publish('rtc', { kind: 'join', room, userID: me.userID, socketID: me.socketID });

    const bucket = new RateBucket(this.#limits.rateBurst, this.#limits.ratePerSecond);
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      if (isBinary || raw.length > this.#limits.maxFrameBytes || !bucket.take())
        return socket.close(RoomCloseCode.Policy, 'frame too large, binary or too frequent');
      let parsed;
      try {
        parsed = roomClientFrameSchema.safeParse(JSON.parse(raw.toString('utf8')));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) return socket.close(RoomCloseCode.Policy, 'bad frame');
      if (parsed.data.type === 'leave') return socket.close(1000, 'left');
      // The member this socket speaks for (a newer socket of the same user replaced it: it says nothing).
      if (this.#members.get(room)?.get(me.userID) !== me.socketID) return;
      for (const to of this.#members.get(room)?.keys() ?? []) {
        if (to !== me.userID)
          this.#bus.publish('rtc', { kind: 'signal', room, from: me.userID, to, data: parsed.data.data });
      }
    });
    socket.on('close', () => {
      const sockets = this.#local.get(room);
      sockets?.delete(me.socketID);
      if (sockets?.size === 0) this.#local.delete(room);
      this.#bus.publish('rtc', { kind: 'leave', room, userID: me.userID, socketID: me.socketID });
    });
  }

  #deliver(event: RtcEvent): void {
    const local = [...(this.#local.get(event.room)?.values() ?? [])];
    switch (event.kind) {
      case 'join': {
        let members = this.#members.get(event.room);
        if (!members) this.#members.set(event.room, (members = new Map()));
        members.set(event.userID, event.socketID);
        for (const s of local) {
          // One socket per user in a room: the newest wins (a reload, a reconnect).
          if (s.userID === event.userID && s.socketID !== event.socketID)
            s.socket.close(RoomCloseCode.RoomClosed, 'joined again elsewhere');
          else if (s.userID !== event.userID) send(s.socket, { type: 'peer-joined', userID: event.userID });
        }
        this.#announcePresent(event.room, event.socketID);
        return;
      }
      case 'present': {
        let members = this.#members.get(event.room);
        if (!members) this.#members.set(event.room, (members = new Map()));
        if (members.get(event.userID) === event.socketID) return;
        members.set(event.userID, event.socketID);
        for (const s of local)
          if (s.userID !== event.userID) send(s.socket, { type: 'peer-joined', userID: event.userID });
        return;
      }
      case 'leave': {
        const members = this.#members.get(event.room);
        if (members?.get(event.userID) !== event.socketID) return;
        members.delete(event.userID);
        for (const s of local)
          if (s.userID !== event.userID) send(s.socket, { type: 'peer-left', userID: event.userID });
        if (members.size === 0) {
          this.#members.delete(event.room);
          this.#onEmptied(event.room);
        }
        return;
      }
      case 'signal':
        for (const s of local)
          if (s.userID === event.to) send(s.socket, { type: 'signal', from: event.from, data: event.data });
        return;
      case 'close':
        this.#members.delete(event.room);
        for (const s of local) s.socket.close(RoomCloseCode.RoomClosed, 'room closed');
        this.#local.delete(event.room);
        return;
    }
  }

  /**
   * Another node's socket joined the room: this node tells which of its own sockets are the room's
   * members, so that a node started after they joined (it never heard their `join`) knows them too.
   */
  #announcePresent(room: string, joinedSocketID: string): void {
    const local = this.#local.get(room);
    if (!local || local.has(joinedSocketID)) return;
    const members = this.#members.get(room);
    for (const s of local.values())
      if (members?.get(s.userID) === s.socketID)
        this.#bus.publish('rtc', { kind: 'present', room, userID: s.userID, socketID: s.socketID });
  }

  /** Closes every room socket of this node (the server is shutting down). */
  closeAll(): void {
    for (const sockets of this.#local.values())
      for (const s of sockets.values()) s.socket.close(1001, 'server shutting down');
  }
}

function send(socket: WebSocket, frame: RoomServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}
