import { CALL_TIMEOUT_S, CallSignal, SessionType } from '@im/protocol';
import type { CallInvitation, CallSignalType } from '@im/protocol';
import type { CallMediaPort, MediaListener } from './call-media-port.ts';
import { CallGoneError } from './call-machine-ports.ts';
import type { CallMachineDeps, CallTimers, StartCallParams } from './call-machine-ports.ts';
import { CallState } from './call-types.ts';
import type { CallEnded, CallEndReason, CallInfo, CallPeer, CallRole } from './call-types.ts';

/** After its own timeout a ringing callee stops by itself, in case the caller's cancel never came. */
const CALLEE_GRACE_MS = 5_000;
/** Rooms recently ended or canceled, so a late invite or a lookup finishing late does not ring. */
const CLOSED_ROOMS_KEPT = 32;

interface ActiveCall {
  info: CallInfo;
  media: CallMediaPort | null;
  timer: unknown;
  /** The caller's invite is (being) sent: only then is there someone to cancel to. */
  invited: boolean;
}

/**
 * The signalling of one call at a time (docs/product.md#call-flow), pure: signals, tokens, profiles,
 * media and timers are injected. The state changes only in #setState, which emits; the machine
 * never holds more than one call, and a call that ended is never touched again (every async step
 * checks that its call is still the current one).
 */
export class CallMachine {
  #deps: CallMachineDeps;
  #timers: CallTimers;
  #now: () => number;
  #call: ActiveCall | null = null;
  /** An invite whose inviter is being looked up: the device counts as busy meanwhile. */
  #pendingRoom: string | null = null;
  #closedRooms: string[] = [];

  constructor(deps: CallMachineDeps) {
    this.#deps = deps;
    this.#timers = deps.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    this.#now = deps.now ?? Date.now;
  }

  get state(): CallState {
    return this.#call?.info.state ?? CallState.Idle;
  }

  get call(): CallInfo | null {
    return this.#call ? { ...this.#call.info } : null;
  }

  // ---- Caller ----

  /**
   * Calls a user: opens the call (Outgoing), fetches a room token, joins the room, sends the invite
   * and starts the invitation timer; when it ends unanswered, cancel is sent (reason `timeout`).
   * Resolves once the invite is out; rejects when the call could not start (the call then ended
   * with reason `failed`, failure `invite`).
   */
  async startCall(params: StartCallParams): Promise<CallInfo> {
    if (this.#call || this.#pendingRoom) throw new Error('a call is already open');
    const selfID = this.#deps.selfID();
    const invitation: CallInvitation = {
      roomID: (this.#deps.newRoomID ?? (() => crypto.randomUUID()))(),
      inviterUserID: selfID,
      inviteeUserIDList: [params.userID],
      mediaType: params.mediaType,
      sessionType: SessionType.Single,
      groupID: '',
      timeout: this.#deps.timeoutS?.() ?? CALL_TIMEOUT_S,
      initiateTime: this.#now(),
    };
    const peer = params.peer ?? { userID: params.userID, nickname: '', faceURL: '' };
    const call = this.#open('caller', invitation, peer, CallState.Outgoing);
    try {
      if (!params.peer) this.#lookupLater(call, params.userID);
      call.media = this.#createMedia(call);
      await call.media.start();
      this.#check(call);
      const { serverUrl, token } = await this.#deps.getToken(invitation.roomID);
      this.#check(call);
      await call.media.join(serverUrl, token);
      this.#check(call);
      call.invited = true;
      await this.#deps.sendSignal(params.userID, CallSignal.Invite, invitation);
      this.#check(call);
    } catch (error) {
      // Hung up while it was starting: that is not a failure.
      if (error instanceof CallGoneError) return { ...call.info };
      if (this.#call === call) this.#end(call, 'failed', { failure: 'invite', error });
      throw error;
    }
    if (call.info.state === CallState.Outgoing) {
      this.#startTimer(call, invitation.timeout * 1000, () => this.#hangupAs(call, 'timeout'));
    }
    return { ...call.info };
  }

  // ---- Callee ----

  /** Accept: sends accept, fetches a token for the room and joins it (failures are logged, the call ends). */
  async accept(): Promise<void> {
    const call = this.#call;
    if (!call || call.info.role !== 'callee' || call.info.state !== CallState.Incoming) {
      throw new Error('no incoming call to accept');
    }
    this.#setState(call, CallState.Connecting);
    this.#startTimer(call, this.#deps.connectTimeoutMs ?? 30_000, () =>
      this.#hangupAs(call, 'failed', { failure: 'network', error: new Error('the media did not connect') }),
    );
    const { invitation } = call.info;
    try {
      // The camera and microphone start while the accept is on its way (they take the longest);
      // the token is asked for once the accept went out.
      const media = this.#createMedia(call);
      call.media = media;
      const capture = media.start();
      capture.catch(() => undefined);
      await this.#deps.sendSignal(invitation.inviterUserID, CallSignal.Accept, invitation);
      this.#check(call);
      await capture;
      this.#check(call);
      const { serverUrl, token } = await this.#deps.getToken(invitation.roomID);
      this.#check(call);
      await media.join(serverUrl, token);
    } catch (error) {
      if (this.#call !== call) return;
      console.error('accepting the call failed', error);
      await this.#hangupAs(call, 'failed', { failure: 'accept', error });
    }
  }

  /** Reject a ringing call (the same as hanging up while it rings). */
  reject(): Promise<void> {
    return this.hangup();
  }

  /**
   * Hangs up whatever the state: the caller's unanswered call sends cancel (`canceled`), the
   * ringing callee sends reject (`refused`), a call being connected or connected sends hung up.
   */
  async hangup(): Promise<void> {
    const call = this.#call;
    if (!call) return;
    const { state, role } = call.info;
    if (state === CallState.Outgoing) await this.#hangupAs(call, 'canceled');
    else if (state === CallState.Incoming && role === 'callee') await this.#hangupAs(call, 'refused');
    else await this.#hangupAs(call, 'hungup');
  }

  setMicMuted(muted: boolean): void {
    const call = this.#call;
    if (!call) return;
    call.media?.setMicMuted(muted);
    this.#update(call, { micMuted: muted });
  }

  setCameraOff(off: boolean): void {
    const call = this.#call;
    if (!call || call.info.mediaType !== 'video') return;
    call.media?.setCameraOff(off);
    this.#update(call, { cameraOff: off });
  }

  /** Logout or a closed session: the call ends as a hang-up would. */
  async dispose(): Promise<void> {
    await this.hangup();
  }

  // ---- Receiving ----

  /** A call signal from the gateway (`recvOnlineOnlyMessage`), already parsed; `from` is its sender. */
  async receive(from: string, type: CallSignalType, invitation: CallInvitation): Promise<void> {
    const selfID = this.#deps.selfID();
    if (type === CallSignal.Invite) return this.#onInvite(from, selfID, invitation);
    const call = this.#call;
    if (!call || call.info.roomID !== invitation.roomID) {
      // A cancel for an invite still being looked up: it must not ring afterwards.
      if (type === CallSignal.Cancel && this.#pendingRoom === invitation.roomID)
        this.#closeRoom(invitation.roomID);
      return;
    }
    const { state, role, peer } = call.info;
    const fromPeer = from === peer.userID;
    const fromOtherDevice = from === selfID;
    switch (type) {
      case CallSignal.Accept:
        // Another device of this user answered: this one stops ringing.
        if (fromOtherDevice && role === 'callee' && state === CallState.Incoming)
          return this.#end(call, 'handledElsewhere');
        if (fromPeer && role === 'caller' && state === CallState.Outgoing) {
          this.#setState(call, CallState.Connecting);
          this.#startTimer(call, this.#deps.connectTimeoutMs ?? 30_000, () =>
            this.#hangupAs(call, 'failed', {
              failure: 'network',
              error: new Error('the media did not connect'),
            }),
          );
        }
        return;
      case CallSignal.Reject:
        if (fromOtherDevice && role === 'callee' && state === CallState.Incoming)
          return this.#end(call, 'handledElsewhere');
        if (fromPeer && role === 'caller') return this.#end(call, invitation.busy ? 'busy' : 'refused');
        return;
      case CallSignal.Cancel:
        // Also once accepted here: a cancel that crossed our accept means the caller is gone.
        if (fromPeer && role === 'callee' && state !== CallState.Connected)
          return this.#end(call, this.#timedOut(call.info.invitation) ? 'timeout' : 'canceled');
        return;
      case CallSignal.Hungup:
        if (fromPeer) return this.#end(call, 'hungup');
        return;
    }
  }

  async #onInvite(from: string, selfID: string, invitation: CallInvitation): Promise<void> {
    // The copy of an invite this user sent from another device, or one not meant for us.
    if (from !== invitation.inviterUserID || from === selfID) return;
    if (!invitation.inviteeUserIDList.includes(selfID)) return;
    const { roomID } = invitation;
    if (this.#call?.info.roomID === roomID || this.#pendingRoom === roomID) return;
    if (this.#closedRooms.includes(roomID)) return;
    if (this.#call || this.#pendingRoom) return this.#answerBusy(invitation);
    this.#pendingRoom = roomID;
    let peer: CallPeer | null = null;
    try {
      peer = await this.#deps.lookupProfile(from);
    } catch (error) {
      console.warn('the inviter could not be looked up', error);
    } finally {
      this.#pendingRoom = null;
    }
    // No profile, or the caller canceled while we looked: nothing opens.
    if (!peer || this.#closedRooms.includes(roomID)) return;
    if (this.#call) return this.#answerBusy(invitation);
    const call = this.#open('callee', invitation, peer, CallState.Incoming);
    this.#startTimer(call, invitation.timeout * 1000 + CALLEE_GRACE_MS, () => this.#end(call, 'timeout'));
  }

  /** Busy (docs/product.md#call-flow): reject at once, without ringing; the record says refused. */
  #answerBusy(invitation: CallInvitation): void {
    this.#deps
      .sendSignal(invitation.inviterUserID, CallSignal.Reject, { ...invitation, busy: true })
      .catch((error: unknown) => console.warn('busy answer not sent', error));
  }

  // ---- The one call ----

  #open(role: CallRole, invitation: CallInvitation, peer: CallPeer, state: CallState): ActiveCall {
    const call: ActiveCall = {
      info: {
        state: CallState.Idle,
        roomID: invitation.roomID,
        role,
        mediaType: invitation.mediaType,
        peer,
        invitation,
        connectedAt: 0,
        micMuted: false,
        cameraOff: false,
      },
      media: null,
      timer: null,
      invited: role === 'callee',
    };
    this.#call = call;
    this.#setState(call, state);
    return call;
  }

  /** The one place the state changes. Ended is announced, then the machine is empty (Idle) again. */
  #setState(call: ActiveCall, state: CallState, patch: Partial<CallInfo> = {}): void {
    call.info = { ...call.info, ...patch, state };
    this.#deps.emit('callStateChanged', { ...call.info });
    if (state === CallState.Ended && this.#call === call) {
      this.#call = null;
      this.#deps.emit('callStateChanged', null);
    }
  }

  #update(call: ActiveCall, patch: Partial<CallInfo>): void {
    this.#setState(call, call.info.state, patch);
  }

  #createMedia(call: ActiveCall): CallMediaPort {
    const guard =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        if (this.#call === call) fn(...args);
      };
    const listener: MediaListener = {
      connected: guard(() => {
        this.#clearTimer(call);
        // Media flowing before the accept arrived still means the callee answered.
        if (call.info.state !== CallState.Connected)
          this.#setState(call, CallState.Connected, {
            connectedAt: call.info.connectedAt || this.#now(),
          });
      }),
      peerLeft: guard(() => {
        // The inviter or the callee left the room: the call ends as if they had hung up.
        if (call.info.state === CallState.Connecting || call.info.state === CallState.Connected)
          void this.#hangupAs(call, 'hungup');
      }),
      failed: guard((failure, error) => void this.#hangupAs(call, 'failed', { failure, error })),
      localStream: guard((stream) => this.#deps.emit('localStream', stream)),
      remoteStream: guard((stream) => this.#deps.emit('remoteStream', stream)),
      audioLevel: guard((level) => this.#deps.emit('audioLevel', level)),
    };
    return this.#deps.createMedia(
      { roomID: call.info.roomID, mediaType: call.info.mediaType, role: call.info.role },
      listener,
    );
  }

  /** Ends the call here and sends what that ending sends: cancel, reject or hung up. */
  async #hangupAs(
    call: ActiveCall,
    reason: CallEndReason,
    extra: Pick<CallEnded, 'failure' | 'error'> = {},
  ): Promise<void> {
    if (this.#call !== call) return;
    const { state, role, invitation, peer } = call.info;
    let signal: CallSignalType | null = CallSignal.Hungup;
    if (state === CallState.Outgoing) signal = CallSignal.Cancel;
    else if (state === CallState.Incoming) signal = role === 'callee' ? CallSignal.Reject : null;
    // The caller's invite never went out (hung up or failed while starting): nobody to tell.
    if (!call.invited || extra.failure === 'invite') signal = null;
    this.#end(call, reason, extra);
    if (signal === null) return;
    try {
      await this.#deps.sendSignal(peer.userID, signal, invitation);
    } catch (error) {
      console.warn('call signal not sent', error);
    }
  }

  /** Closes the media, stops the timer, announces Ended and callEnded; the machine is Idle after. */
  #end(call: ActiveCall, reason: CallEndReason, extra: Pick<CallEnded, 'failure' | 'error'> = {}): void {
    if (this.#call !== call) return;
    this.#clearTimer(call);
    call.media?.close();
    this.#closeRoom(call.info.roomID);
    const duration = call.info.connectedAt ? Math.floor((this.#now() - call.info.connectedAt) / 1000) : 0;
    this.#setState(call, CallState.Ended);
    this.#deps.emit('localStream', null);
    this.#deps.emit('remoteStream', null);
    this.#deps.emit('callEnded', { call: { ...call.info }, reason, duration, ...extra });
  }

  /** The call's one timer (ringing, or connecting); what it fires may be async and is not awaited. */
  #startTimer(call: ActiveCall, ms: number, fire: () => unknown): void {
    this.#clearTimer(call);
    call.timer = this.#timers.setTimeout(() => {
      call.timer = null;
      void fire();
    }, ms);
  }

  #clearTimer(call: ActiveCall): void {
    if (call.timer !== null) this.#timers.clearTimeout(call.timer);
    call.timer = null;
  }

  /** Throws when the call ended while an async step ran (the step's result is then dropped). */
  #check(call: ActiveCall): void {
    if (this.#call !== call) throw new CallGoneError();
  }

  #timedOut(invitation: CallInvitation): boolean {
    return this.#now() >= invitation.initiateTime + invitation.timeout * 1000;
  }

  #closeRoom(roomID: string): void {
    if (this.#closedRooms.includes(roomID)) return;
    this.#closedRooms.push(roomID);
    if (this.#closedRooms.length > CLOSED_ROOMS_KEPT) this.#closedRooms.shift();
  }

  /** The caller's overlay opens at once; the callee's nickname and avatar fill in when found. */
  #lookupLater(call: ActiveCall, userID: string): void {
    this.#deps
      .lookupProfile(userID)
      .then((peer) => {
        if (peer && this.#call === call) this.#update(call, { peer });
      })
      .catch((error: unknown) => console.warn('the callee could not be looked up', error));
  }
}
