import { ErrCode } from '@im/protocol';
import type { MessageItem, SendMsgReq } from '@im/protocol';
import { ApiError, SdkErrCode } from '../api-error.ts';

export interface OutboxOptions {
  /** One attempt: the gateway's SendMsg request; rejects with a negative SdkErrCode when no answer came. */
  send: (req: SendMsgReq) => Promise<MessageItem>;
  isConnected: () => boolean;
  /** Attempts that got no answer before the send fails. */
  maxAttempts?: number;
  /** A send not answered within this time fails, connected or not — unless the device is offline. */
  deadlineMs?: number;
  /**
   * Whether the device itself has no network (the browser says so). Such a send is not failed at
   * its deadline: it stays pending and goes out on the reconnect (docs/product.md#offline-reading).
   * Default: never.
   */
  isDeviceOffline?: () => boolean;
  /** The first wait before resending a send the server could not store (1008); it doubles to 8 s. */
  unavailableRetryMs?: number;
}

/** What a browser reports about its network; false where there is no `navigator` (Node). */
export const browserSaysOffline = (): boolean =>
  typeof navigator !== 'undefined' && navigator.onLine === false;

export const DEFAULT_SEND_ATTEMPTS = 5;
export const DEFAULT_SEND_DEADLINE_MS = 60_000;

interface Entry {
  req: SendMsgReq;
  attempts: number;
  inFlight: boolean;
  promise: Promise<MessageItem>;
  resolve: (message: MessageItem) => void;
  reject: (error: ApiError) => void;
  deadline: ReturnType<typeof setTimeout>;
  /** Answers 1008 UNAVAILABLE so far (the server could not store it; it will try again). */
  unavailable: number;
  retryTimer?: ReturnType<typeof setTimeout>;
}

/**
 * Sends waiting for their answer. A send whose answer never came (dropped ack, lost socket) is sent
 * again with the same clientMsgID after a reconnect; the server answers a resend with the stored
 * message, so retrying never stores a copy. An answer 1008 UNAVAILABLE (the server could not reach
 * its database) is resent with the same clientMsgID after a growing wait, until the deadline. Any
 * other answer with an error code fails at once.
 */
export class Outbox {
  #options: OutboxOptions;
  #entries = new Map<string, Entry>();

  constructor(options: OutboxOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Whether a send with this clientMsgID is waiting for its answer. */
  has(clientMsgID: string): boolean {
    return this.#entries.has(clientMsgID);
  }

  /** Resolves with the stored message; a clientMsgID already waiting shares that send. */
  submit(req: SendMsgReq): Promise<MessageItem> {
    const existing = this.#entries.get(req.clientMsgID);
    if (existing) return existing.promise;
    let resolve!: (message: MessageItem) => void;
    let reject!: (error: ApiError) => void;
    const promise = new Promise<MessageItem>((res, rej) => ((resolve = res), (reject = rej)));
    const entry: Entry = {
      req,
      attempts: 0,
      inFlight: false,
      promise,
      resolve,
      reject,
      deadline: this.#armDeadline(req.clientMsgID),
      unavailable: 0,
    };
    this.#entries.set(req.clientMsgID, entry);
    if (this.#options.isConnected()) this.#attempt(entry);
    return promise;
  }

  /** After a (re)connect: sends everything that waits, in the order it was submitted. */
  flush(): void {
    for (const entry of this.#entries.values()) if (!entry.inFlight) this.#attempt(entry);
  }

  /** Stops waiting for one send (its message was deleted); its promise rejects with `error`. */
  cancel(clientMsgID: string, error: ApiError): void {
    this.#fail(clientMsgID, error);
  }

  /** Fails everything still waiting (logout). */
  failAll(error: ApiError): void {
    for (const id of [...this.#entries.keys()]) this.#fail(id, error);
  }

  /**
   * The send's deadline. When it comes while the device is offline, the send keeps waiting for
   * the network (one more deadline); a server that is down while the network is up fails it.
   */
  #armDeadline(clientMsgID: string): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      const entry = this.#entries.get(clientMsgID);
      if (entry && this.#options.isDeviceOffline?.()) {
        entry.deadline = this.#armDeadline(clientMsgID);
        return;
      }
      this.#fail(clientMsgID, new ApiError(SdkErrCode.TIMEOUT, 'send timed out'));
    }, this.#options.deadlineMs ?? DEFAULT_SEND_DEADLINE_MS);
  }

  #attempt(entry: Entry): void {
    clearTimeout(entry.retryTimer);
    entry.retryTimer = undefined;
    entry.attempts += 1;
    entry.inFlight = true;
    this.#options.send(entry.req).then(
      (stored) => this.#done(entry, stored),
      (error: unknown) => this.#retryOrFail(entry, error),
    );
  }

  #done(entry: Entry, stored: MessageItem): void {
    if (this.#entries.get(entry.req.clientMsgID) !== entry) return;
    this.#entries.delete(entry.req.clientMsgID);
    clearTimeout(entry.deadline);
    entry.resolve(stored);
  }

  #retryOrFail(entry: Entry, error: unknown): void {
    if (this.#entries.get(entry.req.clientMsgID) !== entry) return;
    entry.inFlight = false;
    const apiError = error instanceof ApiError ? error : new ApiError(SdkErrCode.NETWORK, String(error));
    if (apiError.errCode === ErrCode.UNAVAILABLE) return this.#retryLater(entry);
    // A positive code is the server's answer (bad arguments, no permission): resending cannot help.
    const unanswered = apiError.errCode < 0;
    if (!unanswered || entry.attempts >= (this.#options.maxAttempts ?? DEFAULT_SEND_ATTEMPTS)) {
      this.#fail(entry.req.clientMsgID, apiError);
      return;
    }
    // A timeout on a live socket means the answer alone was lost: try again now. A lost socket
    // waits for flush() on the reconnect.
    if (apiError.errCode === SdkErrCode.TIMEOUT && this.#options.isConnected()) this.#attempt(entry);
  }

  /**
   * Nothing was stored (docs/api.md#error-codes-of-these-areas): waits 1, 2, 4, 8, 8… s, then sends again if connected; a
   * lost socket meanwhile leaves it to flush() on the reconnect. Only the deadline ends it.
   */
  #retryLater(entry: Entry): void {
    const first = this.#options.unavailableRetryMs ?? 1000;
    const wait = Math.min(first * 2 ** entry.unavailable, first * 8);
    entry.unavailable += 1;
    entry.attempts -= 1; // the server answered: not an attempt lost on the way
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = undefined;
      if (
        this.#entries.get(entry.req.clientMsgID) === entry &&
        !entry.inFlight &&
        this.#options.isConnected()
      )
        this.#attempt(entry);
    }, wait);
  }

  #fail(clientMsgID: string, error: ApiError): void {
    const entry = this.#entries.get(clientMsgID);
    if (!entry) return;
    this.#entries.delete(clientMsgID);
    clearTimeout(entry.deadline);
    clearTimeout(entry.retryTimer);
    entry.reject(error);
  }
}
