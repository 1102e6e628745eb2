import { EventEmitter } from 'node:events';
import type { GatewayPushes, GatewayPushID, RoomSignalData } from '@im/protocol';

/**
 * A frame of the gateway's push table for every socket of some users, optionally not to one socket
 * (the one that caused it gets the answer instead). Published by src/push/push.ts only.
 */
export interface PushEvent<K extends GatewayPushID = GatewayPushID> {
  userIDs: readonly string[];
  reqIdentifier: K;
  data: GatewayPushes[K];
  exceptConnID?: string;
  /**
   * The users are a group's members as of this member version (a kept list of
   * group/group-member-cache.ts): between nodes the event carries this instead of the IDs, and each
   * node takes the list from its own cache (bus/push-wire.ts).
   */
  group?: GroupListRef;
}

/** A group's member list of one member version (migration 0017). */
export interface GroupListRef {
  groupID: string;
  version: number;
}

/** Sessions that ended: their sockets get the kick or token-expired frame and are closed. */
export interface SessionsEndedEvent {
  userID: string;
  tokenIDs: string[];
  reason: 'kicked' | 'revoked';
}

/**
 * The call room service's traffic (src/call/room-service.ts), so that the two participants of a room
 * may sit on two nodes: every node keeps the room's membership from `join` and `leave`, delivers a
 * `signal` to the socket of `to` when it holds it, and closes the room's sockets on `close`.
 */
export type RtcEvent =
  | { kind: 'join'; room: string; userID: string; socketID: string }
  | { kind: 'leave'; room: string; userID: string; socketID: string }
  /** The answer of a node holding a member's socket to another node's `join`: a node started after
   * that member joined learns it (see src/call/room-service.ts). */
  | { kind: 'present'; room: string; userID: string; socketID: string }
  | { kind: 'signal'; room: string; from: string; to: string; data: RoomSignalData }
  | { kind: 'close'; room: string };

/**
 * A cached row changed: every node drops its copy (a profile change drops the cached sender; a
 * friendship, blacklist or burn setting change drops the pair's one-to-one send facts).
 */
export type InvalidateEvent = { cache: 'user'; id: string } | { cache: 'oneToOne'; id: string; peer: string };

export interface BusEvents {
  push: [PushEvent];
  sessionsEnded: [SessionsEndedEvent];
  rtc: [RtcEvent];
  invalidate: [InvalidateEvent];
}

export const BUS_TOPICS: (keyof BusEvents)[] = ['push', 'sessionsEnded', 'rtc', 'invalidate'];

/**
 * How services reach sockets: they publish, and every node's gateway delivers to the sockets it holds
 * (docs/decisions.md#scale-out-redis). In-process by default; with REDIS_URL the Redis one
 * (src/bus/redis-bus.ts) carries every event to every node once.
 */
export interface Bus {
  /**
   * Whether an event may never reach a node: Redis drops what a subscriber misses while it
   * reconnects. The caches that `invalidate` keeps fresh bound their entries' life by it
   * (cachedRowLifetimeMs).
   */
  readonly canLoseEvents: boolean;
  publish<K extends keyof BusEvents>(topic: K, ...payload: BusEvents[K]): void;
  subscribe<K extends keyof BusEvents>(topic: K, listener: (...payload: BusEvents[K]) => void): void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  /** An event reaches every listener before publish returns. */
  readonly canLoseEvents = false;
  readonly #emitter = new EventEmitter<BusEvents>();

  publish<K extends keyof BusEvents>(topic: K, ...payload: BusEvents[K]): void {
    (this.#emitter.emit as (topic: K, ...args: BusEvents[K]) => boolean)(topic, ...payload);
  }

  subscribe<K extends keyof BusEvents>(topic: K, listener: (...payload: BusEvents[K]) => void): void {
    (this.#emitter.on as (topic: K, l: (...args: BusEvents[K]) => void) => void)(topic, listener);
  }

  async close(): Promise<void> {
    this.#emitter.removeAllListeners();
  }
}

/** How long a cached row may live where a lost `invalidate` event would leave it stale on a node. */
const LOSSY_BUS_LIFETIME_MS = 30_000;
/**
 * Where no event is lost (one node, or nodes sharing one process's bus), every change forgets its
 * entries at once on every node, so the life bounds only a change made past the server (an
 * operator's SQL); a longer one spares the reads that bring entries back (~1,000 reads a second with
 * 10,000 clients at 30 s: docs/decisions.md#what-a-sockets-frame-left-in-the-old-generation).
 */
const LOSSLESS_BUS_LIFETIME_MS = 10 * 60_000;

/** The life of an entry of a cache kept fresh by this bus's `invalidate` events (storage/expiring-cache.ts). */
export function cachedRowLifetimeMs(bus: Pick<Bus, 'canLoseEvents'>): number {
  return bus.canLoseEvents ? LOSSY_BUS_LIFETIME_MS : LOSSLESS_BUS_LIFETIME_MS;
}
