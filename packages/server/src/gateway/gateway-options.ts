import { GATEWAY_MAX_PAYLOAD } from '@im/protocol';

/** The gateway's limits and timers; defaults for production, tests may shorten them. */
export interface GatewayOptions {
  /** Largest frame accepted; a larger one closes the socket with 1009. */
  maxPayload: number;
  /**
   * A socket that sent no frame for this long is closed (4003). Above the sdk's 60 s dead-socket
   * rule (it sends a heartbeat every 25 s), so a live client is never closed as idle.
   */
  idleMs: number;
  /** Protocol ping period; a socket that did not answer the previous ping is dropped. */
  pingIntervalMs: number;
  /** Frames a socket may send at once, and per second after that; beyond it the socket is closed (4008). */
  rateBurst: number;
  ratePerSecond: number;
  /** A socket whose unsent pushes exceed this many bytes is too slow to follow; it is dropped to resync. */
  maxBufferedBytes: number;
  /** Requests of all sockets running at once, sends apart; the others wait their turn (request-lanes.ts). */
  maxRunning: number;
  /** Sends of all sockets running at once, each until its commit (request-lanes.ts). */
  maxSending: number;
}

export const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  maxPayload: GATEWAY_MAX_PAYLOAD,
  idleMs: 90_000,
  pingIntervalMs: 30_000,
  rateBurst: 200,
  ratePerSecond: 100,
  maxBufferedBytes: 16 * 1024 * 1024,
  // About 30 ms of pulls at most ahead of any other query (a page of 100 costs ~0.5 ms).
  maxRunning: 64,
  // Four of the writer's batches (256 each, message/store-thread.ts); each socket sends in order.
  maxSending: 1024,
};
