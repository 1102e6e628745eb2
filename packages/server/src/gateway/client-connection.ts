import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { ErrCode, errMessages, isGatewayRequestID, WsClose, wsRequestSchema } from '@im/protocol';
import type { GatewayPushID, GatewayPushes, GatewayRequestID, WsResponse } from '@im/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../auth/token-service.ts';
import { asAppError } from '../http/app-error.ts';
import { EncodedAnswer } from './encoded-answer.ts';
import type { GatewayOptions } from './gateway-options.ts';
import { RateBucket } from './rate-bucket.ts';
import { emptyFragmentList, ownFragmentList } from './receiver-fragments.ts';
import { answerFrameText } from './frame-json.ts';
import { writeFrameParts, writeSharedFrame, writeTextFrame } from './shared-frame.ts';
import { holdWrites } from './write-coalescer.ts';

const OPEN = 1;

/** Runs one request of the gateway table (request-handlers.ts dispatch); throws AppError for an error code. */
export type RequestDispatch = (
  conn: ClientConnection,
  id: GatewayRequestID,
  data: unknown,
) => Promise<unknown>;

/** Frames waiting for their turn beyond which a client is flooding us. */
const MAX_QUEUED = 500;

/** ws sends a Buffer as a binary frame unless told otherwise; the gateway speaks JSON text frames. */
const TEXT_FRAME = { binary: false };

const CLOSING_BRACE = Buffer.from('}');

/**
 * A socket's id, a UUID held as one flat string: randomUUID() builds it by concatenation, which V8
 * keeps as a tree of pieces (~480 bytes instead of ~56) for as long as the socket lives.
 */
function flatUUID(): string {
  return Buffer.from(randomUUID(), 'latin1').toString('latin1');
}

/** Where every socket's frame queue starts: one settled promise for all, not one per socket. */
const SETTLED: Promise<void> = Promise.resolve();

/**
 * One gateway socket of a logged-in session. Its frames are handled one after another, in arrival
 * order, so that two sends from one device are stored in the order they were sent; a send lets the
 * next frame start once it is queued for the store (orderKept), where that order is kept.
 */
export class ClientConnection {
  readonly connID = flatUUID();
  readonly auth: AuthContext;
  /** The app is hidden (SetBackground); kept for later offline pushes. */
  background = false;
  /** When the client last sent a frame (idle close). */
  lastFrameAt = Date.now();
  /** Whether the last protocol ping was answered. */
  alive = true;
  readonly #ws: WebSocket;
  readonly #dispatch: RequestDispatch;
  readonly #options: GatewayOptions;
  readonly #log: FastifyBaseLogger;
  /** The upgrade request's id, on this socket's log lines (a child logger per socket costs ~1 KiB). */
  readonly #reqId: string | undefined;
  readonly #bucket: RateBucket;
  /** The frame reader's one list of fragments, emptied after each message (receiver-fragments.ts). */
  readonly #fragments: unknown[] | undefined;
  #queue: Promise<void> = SETTLED;
  /** Frames taken and not yet answered (they may end out of order once a send let the next start). */
  #queued = 0;
  /** A graceful close waiting for the last answer. */
  #allAnswered: (() => void) | undefined;
  /** Lets the next frame start: called when the running one ends, or earlier by orderKept(). */
  #startNext: (() => void) | undefined;
  /** Shutting down: new frames are not taken (the client resends them to another node). */
  #draining = false;

  constructor(
    ws: WebSocket,
    auth: AuthContext,
    dispatch: RequestDispatch,
    options: GatewayOptions,
    log: FastifyBaseLogger,
    reqId?: string,
  ) {
    this.#ws = ws;
    this.auth = auth;
    this.#dispatch = dispatch;
    this.#options = options;
    this.#log = log;
    this.#reqId = reqId;
    this.#bucket = new RateBucket(options.rateBurst, options.ratePerSecond);
    this.#fragments = ownFragmentList(ws);
    ws.on('message', (raw, isBinary) => {
      if (this.#fragments) emptyFragmentList(ws, this.#fragments);
      this.#onFrame(raw.toString(), isBinary);
    });
    ws.on('pong', () => (this.alive = true));
  }

  get userID(): string {
    return this.auth.userID;
  }

  get isOpen(): boolean {
    return this.#ws.readyState === OPEN;
  }

  /** A push frame; a socket too slow to take its pushes is dropped (it resyncs by seq on reconnect). */
  push<K extends GatewayPushID>(frame: { reqIdentifier: K; data: GatewayPushes[K] }): void {
    this.pushText(JSON.stringify(frame));
  }

  /**
   * A push already serialised (one serialisation for all the sockets of a fan-out; as UTF-8 bytes,
   * one encoding for all of them too, sent as a text frame).
   */
  pushText(text: string | Buffer): void {
    if (!this.#canPush()) return;
    holdWrites(this.#ws);
    if (typeof text === 'string' && writeTextFrame(this.#ws, text)) return;
    this.#ws.send(text, TEXT_FRAME);
  }

  /**
   * A push whose whole WebSocket frame is built already (shared-frame.ts), one for all the sockets
   * of a fan-out (docs/decisions.md#group-fan-out); its payload goes through ws when the frame cannot.
   */
  pushFrame(payload: Buffer, frame: Buffer): void {
    if (!this.#canPush()) return;
    holdWrites(this.#ws);
    if (!writeSharedFrame(this.#ws, frame)) this.#ws.send(payload, TEXT_FRAME);
  }

  /** Open and keeping up; a socket too slow to take its pushes is dropped (it resyncs on reconnect). */
  #canPush(): boolean {
    if (!this.isOpen) return false;
    if (this.#ws.bufferedAmount > this.#options.maxBufferedBytes) {
      this.#log.warn({ reqId: this.#reqId, connID: this.connID }, 'gateway: socket too slow, dropped');
      this.#ws.terminate();
      return false;
    }
    return true;
  }

  close(code: number, reason: string): void {
    if (this.isOpen) this.#ws.close(code, reason);
  }

  /** A ping; false (and the socket dropped) when the previous one was never answered. */
  ping(): boolean {
    if (!this.alive) {
      this.#ws.terminate();
      return false;
    }
    this.alive = false;
    if (this.isOpen) this.#ws.ping();
    return true;
  }

  /**
   * A graceful close (docs/operations.md#graceful-shutdown): takes no new frame, lets the frames
   * already taken finish and answer (a send in flight is stored and acknowledged), then closes.
   */
  async drain(code: number, reason: string): Promise<void> {
    this.#draining = true;
    // Every frame taken has started once the queue is through; a send let go early may still be
    // waiting for its commit.
    await this.#queue;
    if (this.#queued > 0) await new Promise<void>((resolve) => (this.#allAnswered = resolve));
    this.close(code, reason);
  }

  onClose(listener: () => void): void {
    this.#ws.on('close', listener);
  }

  #onFrame(text: string, isBinary: boolean): void {
    // Frames that arrive while the socket closes (rate limit, kick) are not acted upon.
    if (!this.isOpen || this.#draining) return;
    this.lastFrameAt = Date.now();
    this.alive = true;
    if (!this.#bucket.take() || this.#queued >= MAX_QUEUED) {
      this.#log.warn(
        { reqId: this.#reqId, connID: this.connID, userID: this.userID },
        'gateway: rate limit, closed',
      );
      this.close(WsClose.RateLimited, 'too many frames');
      return;
    }
    this.#queued += 1;
    this.#queue = this.#queue.then(
      () =>
        new Promise<void>((startNext) => {
          this.#startNext = startNext;
          void this.#handle(text, isBinary).finally(() => {
            this.#queued -= 1;
            // Nothing is queued behind: the socket holds no promise of this frame until its next one
            // (a socket sending once a second kept it past two young collections, promoted to the old
            // generation: docs/decisions.md "The message hot path").
            if (this.#queued === 0) {
              this.#queue = SETTLED;
              this.#allAnswered?.();
            }
            // Released early, it may be a later frame's turn to release by now: only its own.
            if (this.#startNext === startNext) this.#startNext = undefined;
            startNext();
          });
        }),
    );
  }

  /**
   * The running frame has taken its place where order is kept from here on (a send, in the message
   * writer's queue: docs/decisions.md "The message hot path"), so the next frame may start before it
   * is answered. Sends of one device then share a commit and their recipients' writes, in the order
   * they were sent. Called by nothing else, a frame still holds the next one until it is answered.
   */
  orderKept(): void {
    const startNext = this.#startNext;
    this.#startNext = undefined;
    startNext?.();
  }

  async #handle(text: string, isBinary: boolean): Promise<void> {
    let json: unknown;
    try {
      json = isBinary ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const frame = wsRequestSchema.safeParse(json);
    if (!frame.success) {
      const partial = (json ?? {}) as Partial<WsResponse>;
      return this.#answer({
        reqIdentifier: typeof partial.reqIdentifier === 'number' ? partial.reqIdentifier : 0,
        msgIncr: typeof partial.msgIncr === 'string' ? partial.msgIncr : '',
        operationID: typeof partial.operationID === 'string' ? partial.operationID : '',
        errCode: ErrCode.ARGS,
        errMsg: `${errMessages[ErrCode.ARGS]}: not a request frame ({ reqIdentifier, msgIncr, operationID, data })`,
      });
    }
    const { reqIdentifier, msgIncr, operationID, data } = frame.data;
    const echo = { reqIdentifier, msgIncr, operationID };
    if (!isGatewayRequestID(reqIdentifier))
      return this.#answer({
        ...echo,
        errCode: ErrCode.ARGS,
        errMsg: `unknown reqIdentifier ${reqIdentifier}`,
      });
    try {
      const answer = await this.#dispatch(this, reqIdentifier, data);
      if (answer instanceof EncodedAnswer) this.#answerEncoded(echo, answer.parts);
      else this.#answer({ ...echo, errCode: 0, errMsg: '', data: answer ?? {} });
    } catch (error) {
      const appError = asAppError(error);
      const log = {
        reqId: this.#reqId,
        operationID,
        reqIdentifier,
        userID: this.userID,
        errCode: appError.errCode,
      };
      if (appError.errCode === ErrCode.SERVER)
        this.#log.error({ ...log, err: error }, 'gateway request failed');
      else this.#log.info({ ...log, errDlt: appError.errDlt }, appError.message);
      const errMsg = appError.errDlt ? `${appError.message}: ${appError.errDlt}` : appError.message;
      this.#answer({ ...echo, errCode: appError.errCode, errMsg });
    }
  }

  /**
   * A success whose data is JSON already (encoded-answer.ts): framed around it, not parsed again,
   * and its parts written as they are (shared-frame.ts), else through ws in one buffer.
   */
  #answerEncoded(
    echo: Pick<WsResponse, 'reqIdentifier' | 'msgIncr' | 'operationID'>,
    json: readonly Buffer[],
  ): void {
    if (!this.isOpen) return;
    holdWrites(this.#ws);
    const head = JSON.stringify({ ...echo, errCode: 0, errMsg: '' });
    const parts = [Buffer.from(`${head.slice(0, -1)},"data":`), ...json, CLOSING_BRACE];
    if (!writeFrameParts(this.#ws, parts)) this.#ws.send(Buffer.concat(parts), TEXT_FRAME);
  }

  #answer(frame: WsResponse): void {
    if (!this.isOpen) return;
    holdWrites(this.#ws);
    const text = answerFrameText(frame);
    if (!writeTextFrame(this.#ws, text)) this.#ws.send(text);
  }
}
