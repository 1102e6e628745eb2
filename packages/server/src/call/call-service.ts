import {
  CALL_ROOM_GRACE_S,
  CallSignal,
  ContentType,
  ErrCode,
  isCallSignal,
  parseCallSignal,
  RTC_PATH,
  RTC_TOKEN_TTL_S,
  SessionType,
} from '@im/protocol';
import type { CallOutcome, CallSignalPayload, MessageItem, RtcTokenResp } from '@im/protocol';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../message/message-service.ts';
import {
  deleteReservation,
  findCall,
  insertRinging,
  moveCall,
  reserveRoom,
  ringingCalls,
  staleReservations,
} from './call-queries.ts';
import type { CallRow } from './call-queries.ts';
import { storeCallSummary } from './call-summary.ts';
import type { RoomTokens } from './room-token.ts';

/** The longest ring a caller may ask for; a longer invitation timeout is cut to it. */
const MAX_TIMEOUT_S = 300;

export interface CallServiceOptions {
  /** The call area's clock (tests move it). */
  now: () => number;
  /** How long after the invitation's timeout an unanswered call is ended by the server. */
  graceMs: number;
}

function customTypeOf(item: MessageItem): number | undefined {
  try {
    const value = JSON.parse(item.customElem?.data ?? '') as { customType?: unknown };
    return typeof value?.customType === 'number' ? value.customType : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A call's life on the server (docs/product.md#call-flow): the room tokens, the call signals seen on
 * the online-only send path, the end of a call (its outcome for both users, the summary message, the
 * room closed) and the sweep that ends what nobody ended. The state is in the database, so any node
 * may see any signal.
 */
export class CallService {
  readonly #ctx: Pick<AppContext, 'db' | 'bus' | 'messageWriter' | 'userCache' | 'push' | 'log'>;
  readonly #tokens: RoomTokens;
  readonly #options: CallServiceOptions;

  constructor(
    ctx: Pick<AppContext, 'db' | 'bus' | 'messageWriter' | 'userCache' | 'push' | 'log'>,
    tokens: RoomTokens,
    options: CallServiceOptions,
  ) {
    this.#ctx = ctx;
    this.#tokens = tokens;
    this.#options = options;
  }

  /**
   * `/chat/user/rtc/get_token`: only for the caller's own identity and only for the call's two users.
   * The caller asks before the invite, which reserves the room for them; the callee once the invite
   * registered it. Anyone else, and any room that is over, gets 1002.
   */
  async token(userID: string, req: { room: string; identity: string }): Promise<RtcTokenResp> {
    if (req.identity !== userID)
      throw new AppError(ErrCode.NO_PERMISSION, { detail: 'identity is not the caller' });
    let call = await findCall(this.#ctx.db, req.room);
    if (!call) {
      await reserveRoom(this.#ctx.db, req.room, userID, this.#options.now());
      call = await findCall(this.#ctx.db, req.room);
    }
    if (!call || !this.isParticipant(call, userID))
      throw new AppError(ErrCode.NO_PERMISSION, { detail: 'not a participant of this room' });
    return { serverUrl: RTC_PATH, token: await this.#tokens.sign({ room: req.room, userID }) };
  }

  /** Whether the user may be in the room now: its inviter or invitee, and the call is not over. */
  isParticipant(call: CallRow, userID: string): boolean {
    return call.state !== 'ended' && (call.inviterUserId === userID || call.inviteeUserId === userID);
  }

  /**
   * The online-only hook (src/message/message-service.ts): a call signal must fit its room, else the
   * send is refused and nothing is pushed; a fitting one moves the call and is also pushed to the
   * sender's other devices (a second device stops ringing).
   */
  async watchSignal(caller: Caller, item: MessageItem): Promise<{ toSenderDevices: boolean } | void> {
    if (item.contentType !== ContentType.Custom) return;
    const customType = customTypeOf(item);
    if (customType === undefined || !isCallSignal(customType)) return;
    const signal = parseCallSignal(item.customElem?.data ?? '');
    if (!signal || item.sessionType !== SessionType.Single)
      throw new AppError(ErrCode.ARGS, { detail: 'a call signal carries an invitation, one to one' });
    const { data } = signal;
    const callee = data.inviteeUserIDList[0];
    const peer = caller.userID === data.inviterUserID ? callee : data.inviterUserID;
    if (item.recvID !== peer || (caller.userID !== data.inviterUserID && caller.userID !== callee))
      throw new AppError(ErrCode.NO_PERMISSION, { detail: 'not a participant of this call' });
    if (signal.customType === CallSignal.Invite) await this.#invite(caller.userID, signal);
    else await this.#answer(caller.userID, signal);
    return { toSenderDevices: true };
  }

  async #invite(sender: string, { data }: CallSignalPayload): Promise<void> {
    if (sender !== data.inviterUserID || data.inviteeUserIDList[0] === sender)
      throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only the inviter invites, and not themself' });
    const now = this.#options.now();
    const ringing = {
      inviteeUserId: data.inviteeUserIDList[0],
      mediaType: data.mediaType,
      timeoutS: Math.min(Math.ceil(data.timeout), MAX_TIMEOUT_S),
      state: 'ringing' as const,
      startTime: now,
    };
    const existing = await findCall(this.#ctx.db, data.roomID);
    if (existing) {
      // Only the caller's own reservation (made by its token request) becomes this call.
      const reserved =
        existing.state === 'reserved' && existing.inviterUserId === sender
          ? await moveCall(this.#ctx.db, data.roomID, ['reserved'], ringing)
          : undefined;
      if (!reserved) throw new AppError(ErrCode.NO_PERMISSION, { detail: 'the room is already in use' });
      return this.#scheduleTimeout(reserved);
    }
    const row: CallRow = {
      roomId: data.roomID,
      inviterUserId: sender,
      createdAt: now,
      connectTime: 0,
      endTime: 0,
      outcome: '',
      duration: 0,
      ...ringing,
    };
    if (!(await insertRinging(this.#ctx.db, row)))
      throw new AppError(ErrCode.NO_PERMISSION, { detail: 'the room is already in use' });
    this.#scheduleTimeout(row);
  }

  async #answer(sender: string, { customType, data }: CallSignalPayload): Promise<void> {
    const call = await findCall(this.#ctx.db, data.roomID);
    if (!call || call.state === 'reserved') throw new AppError(ErrCode.NOT_FOUND, { detail: 'no such call' });
    const inviter = sender === call.inviterUserId;
    const invitee = sender === call.inviteeUserId;
    if (!inviter && !invitee) throw new AppError(ErrCode.NO_PERMISSION, { detail: 'not a participant' });
    const now = this.#options.now();
    const late = () => new AppError(ErrCode.NOT_FOUND, { detail: `the call is ${call.state}` });
    switch (customType) {
      case CallSignal.Accept: {
        if (!invitee) throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only the callee accepts' });
        if (
          !(await moveCall(this.#ctx.db, call.roomId, ['ringing'], { state: 'connected', connectTime: now }))
        )
          throw late();
        return;
      }
      case CallSignal.Reject:
        if (!invitee) throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only the callee rejects' });
        if (!(await this.end(call.roomId, ['ringing'], 'refused'))) throw late();
        return;
      case CallSignal.Cancel: {
        if (!inviter) throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only the caller cancels' });
        // The caller cancels when its timer ends too; the server's clock tells which it was.
        const timedOut = now >= call.startTime + call.timeoutS * 1000;
        if (!(await this.end(call.roomId, ['ringing'], timedOut ? 'timeout' : 'canceled'))) throw late();
        return;
      }
      default:
        if (!(await this.end(call.roomId, ['connected'], 'success'))) throw late();
    }
  }

  /**
   * Ends a call that is still in one of `from`: its outcome for both users, the summary message in
   * their conversation, and the room closed on every node. Answers false when it had moved on.
   */
  async end(roomID: string, from: CallRow['state'][], outcome: CallOutcome): Promise<boolean> {
    const now = this.#options.now();
    const before = await findCall(this.#ctx.db, roomID);
    if (!before) return false;
    const duration =
      outcome === 'success' && before.connectTime > 0
        ? Math.max(0, Math.round((now - before.connectTime) / 1000))
        : 0;
    const ended = await moveCall(this.#ctx.db, roomID, from, {
      state: 'ended',
      outcome,
      endTime: now,
      duration,
    });
    if (!ended) return false;
    this.#ctx.bus.publish('rtc', { kind: 'close', room: roomID });
    await storeCallSummary(this.#ctx, ended);
    return true;
  }

  /** Both participants left the room: a connected call that nobody hung up ends now (a crash, a lost phone). */
  async roomEmptied(roomID: string): Promise<void> {
    await this.end(roomID, ['connected'], 'success');
  }

  /**
   * Ends what nobody ended: a call still ringing after its timeout and the grace (timeout), and a
   * reservation never followed by an invite (deleted). Run by a timer and, in tests, by hand.
   */
  async sweep(): Promise<void> {
    const now = this.#options.now();
    for (const call of await ringingCalls(this.#ctx.db)) {
      if (now >= call.startTime + call.timeoutS * 1000 + this.#options.graceMs)
        await this.end(call.roomId, ['ringing'], 'timeout');
    }
    const staleBefore = now - RTC_TOKEN_TTL_S * 1000 - this.#options.graceMs;
    for (const roomID of await staleReservations(this.#ctx.db, staleBefore)) {
      if (await deleteReservation(this.#ctx.db, roomID))
        this.#ctx.bus.publish('rtc', { kind: 'close', room: roomID });
    }
  }

  /** This node ends an unanswered call on time; the periodic sweep covers a node that went away. */
  #scheduleTimeout(call: Pick<CallRow, 'timeoutS'>): void {
    const timer = setTimeout(
      () => {
        this.sweep().catch((error: unknown) => this.#ctx.log.error({ err: error }, 'call sweep failed'));
      },
      call.timeoutS * 1000 + this.#options.graceMs + 50,
    );
    timer.unref();
  }
}

export const DEFAULT_CALL_GRACE_MS = CALL_ROOM_GRACE_S * 1000;
