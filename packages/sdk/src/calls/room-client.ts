import type { IceServer, RoomClientFrame, RoomServerFrame, RoomSignalData } from '@im/protocol';
import type { WebSocketConstructor, WebSocketLike } from '../connection/websocket-like.ts';
import { TypedEmitter } from '../typed-emitter.ts';

export interface RoomEvents extends Record<string, unknown> {
  peerJoined: string;
  peerLeft: string;
  signal: { from: string; data: RoomSignalData };
  /** The socket closed (the room ended, or the network went). */
  closed: { code: number; reason: string };
}

export interface Joined {
  iceServers: IceServer[];
  /** Who was in the room before us. */
  peers: string[];
}

/** How long joining may take before it fails. */
const JOIN_TIMEOUT_MS = 10_000;

/**
 * The room service client (docs/api.md, `GET /rtc?token=`): one WebSocket per call, JSON frames. It
 * only passes offers, answers and candidates between the call's two participants and says when the
 * other one joins or leaves; the WebSocket class is injected, as the gateway connection's is.
 */
export class RoomClient {
  readonly events = new TypedEmitter<RoomEvents>();
  #socket: WebSocketLike | null = null;
  #url: string;
  #WebSocket: WebSocketConstructor;
  #left = false;

  constructor(url: string, WebSocket: WebSocketConstructor) {
    this.#url = url;
    this.#WebSocket = WebSocket;
  }

  /** Opens the socket; resolves with the `joined` frame, rejects when the socket closes first. */
  join(): Promise<Joined> {
    return new Promise<Joined>((resolve, reject) => {
      const socket = new this.#WebSocket(this.#url);
      this.#socket = socket;
      let joined = false;
      const timer = setTimeout(() => {
        if (joined) return;
        reject(new Error('the room did not answer'));
        this.leave();
      }, JOIN_TIMEOUT_MS);
      socket.onmessage = (event) => {
        const frame = parseFrame(event.data);
        if (!frame) return;
        if (frame.type === 'joined') {
          joined = true;
          clearTimeout(timer);
          resolve({ iceServers: frame.iceServers ?? [], peers: frame.peers ?? [] });
        } else if (frame.type === 'peer-joined') this.events.emit('peerJoined', frame.userID);
        else if (frame.type === 'peer-left') this.events.emit('peerLeft', frame.userID);
        else if (frame.type === 'signal') this.events.emit('signal', { from: frame.from, data: frame.data });
      };
      socket.onerror = () => undefined; // the close that follows says it
      socket.onclose = (event) => {
        clearTimeout(timer);
        this.#socket = null;
        if (!joined) reject(new Error(`the room refused to join (${event.code})`));
        else if (!this.#left) this.events.emit('closed', { code: event.code, reason: event.reason });
      };
    });
  }

  get isOpen(): boolean {
    return this.#socket !== null && this.#socket.readyState === 1;
  }

  /** Hands a description or candidate to the other participant; dropped when the socket is gone. */
  signal(data: RoomSignalData): void {
    this.#send({ type: 'signal', data });
  }

  /** Says goodbye and closes; the other participant hears peer-left. */
  leave(): void {
    if (this.#left) return;
    this.#left = true;
    this.#send({ type: 'leave' });
    this.#socket?.close(1000, 'left');
    this.#socket = null;
    this.events.removeAll();
  }

  #send(frame: RoomClientFrame): void {
    if (this.isOpen) this.#socket?.send(JSON.stringify(frame));
  }
}

function parseFrame(data: unknown): RoomServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as RoomServerFrame;
    return frame && typeof frame.type === 'string' ? frame : null;
  } catch {
    return null;
  }
}
