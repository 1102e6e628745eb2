import { WsClose, WsPush } from '@im/protocol';
import type { PushEvent, SessionsEndedEvent } from '../bus/bus.ts';
import { presentAmong } from '../push/push.ts';
import type { ClientConnection } from './client-connection.ts';
import { pushFrameText } from './frame-json.ts';
import { textFrame } from './shared-frame.ts';

/** The sockets this node holds, by user; the bus's pushes and session ends are delivered here. */
export class ConnectionRegistry {
  readonly #byUser = new Map<string, Set<ClientConnection>>();

  add(conn: ClientConnection): void {
    let set = this.#byUser.get(conn.userID);
    if (!set) this.#byUser.set(conn.userID, (set = new Set()));
    set.add(conn);
    conn.onClose(() => this.#remove(conn));
  }

  #remove(conn: ClientConnection): void {
    const set = this.#byUser.get(conn.userID);
    set?.delete(conn);
    if (set?.size === 0) this.#byUser.delete(conn.userID);
  }

  of(userID: string): ClientConnection[] {
    return [...(this.#byUser.get(userID) ?? [])];
  }

  /** The sockets of one session token (of its user, so the cost is that user's sockets only). */
  ofToken(userID: string, tokenID: string): ClientConnection[] {
    return this.of(userID).filter((conn) => conn.auth.tokenID === tokenID);
  }

  all(): ClientConnection[] {
    return [...this.#byUser.values()].flatMap((set) => [...set]);
  }

  /** Every socket of every user of the event, except the one that caused it. */
  deliver(event: PushEvent): void {
    // Serialised and encoded once, on the first socket found (none: never); the data's JSON is kept for
    // the answer to the sender (frame-json.ts).
    // The WebSocket frame around them is built once too (shared-frame.ts, docs/decisions.md#group-fan-out).
    let bytes: Buffer | undefined;
    let frame: Buffer | undefined;
    // A large group with few of its members here walks the users here (docs/decisions.md#group-fan-out).
    for (const userID of presentAmong(event.userIDs, this.#byUser)) {
      for (const conn of this.#byUser.get(userID)!) {
        if (conn.connID === event.exceptConnID) continue;
        bytes ??= Buffer.from(pushFrameText(event.reqIdentifier, event.data));
        frame ??= textFrame(bytes);
        conn.pushFrame(bytes, frame);
      }
    }
  }

  /**
   * Sockets of ended sessions: a kick (newer login on the platform) gets KickOnline and close 4001,
   * a revoke (logout, password change) TokenExpired and close 4002. The sdk takes either as final.
   */
  endSessions(event: SessionsEndedEvent): void {
    const ended = new Set(event.tokenIDs);
    const kicked = event.reason === 'kicked';
    for (const conn of this.of(event.userID)) {
      if (!ended.has(conn.auth.tokenID)) continue;
      conn.push({ reqIdentifier: kicked ? WsPush.KickOnline : WsPush.TokenExpired, data: null });
      conn.close(
        kicked ? WsClose.Kicked : WsClose.TokenExpired,
        kicked ? 'logged in on another device' : 'token expired',
      );
    }
  }
}
