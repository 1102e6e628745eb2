import { EventEmitter } from 'node:events';

/** A frame for every socket of some users (DESIGN §5 pushes), optionally not to one socket. */
export interface PushEvent {
  userIDs: string[];
  reqIdentifier: number;
  data: unknown;
  /** The socket that caused it (it gets the answer instead). */
  exceptConnID?: string;
}

/** Sessions that ended: their sockets get the kick or token-expired frame and are closed. */
export interface SessionsEndedEvent {
  userID: string;
  tokenIDs: string[];
  reason: 'kicked' | 'revoked';
}

export interface BusEvents {
  push: [PushEvent];
  sessionsEnded: [SessionsEndedEvent];
}

/**
 * How services reach sockets: they publish, and every node's gateway delivers to the sockets it holds
 * (DESIGN §9). In-process by default; the scale-out issue adds a Redis implementation of this interface.
 */
export interface Bus {
  publish<K extends keyof BusEvents>(topic: K, ...payload: BusEvents[K]): void;
  subscribe<K extends keyof BusEvents>(topic: K, listener: (...payload: BusEvents[K]) => void): void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
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
