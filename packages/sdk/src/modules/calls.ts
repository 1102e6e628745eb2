import { CALL_TIMEOUT_S, parseCallSignal } from '@im/protocol';
import { createCustomMessage } from '../messaging/message-factory.ts';
import type {
  CallInvitation,
  CallRecordFilter,
  CallSignalType,
  GetCallRecordsResp,
  MessageItem,
} from '@im/protocol';
import type { RtcRuntime } from '../calls/call-media.ts';
import type { CreateCallMedia } from '../calls/call-media-port.ts';
import type { CallMachine } from '../calls/call-machine.ts';
import type { CallTimers, StartCallParams } from '../calls/call-machine-ports.ts';
import { readCallSettings, roomServiceUrl } from '../calls/call-settings.ts';
import type { CallSettings } from '../calls/call-settings.ts';
import { CallState } from '../calls/call-types.ts';
import type { CallEvents, CallInfo, CallPeer } from '../calls/call-types.ts';
import { defaultWebSocket } from '../connection/websocket-like.ts';
import type { CallApi } from '../http-api/call-api.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import type { CoreAccess } from './logged-in-core.ts';

/** Tuning of the calls; tests inject the WebRTC runtime or the whole media, and timers. */
export interface CallsOptions {
  /** Parts of the WebRTC runtime; default the browser's. */
  rtc?: Partial<RtcRuntime>;
  /** Replaces the media altogether (unit tests). */
  createMedia?: CreateCallMedia;
  timers?: CallTimers;
  /** Test-only overrides of the storage settings (call-settings.ts). */
  settings?: CallSettings;
}

export interface CallsDeps {
  access: CoreAccess;
  api: CallApi;
  storage: KeyValueStorage;
  wsUrl: () => string;
  userID: () => string | undefined;
  lookupUser: (userID: string) => Promise<CallPeer | null>;
  emit: <K extends keyof CallEvents>(event: K, payload: CallEvents[K]) => void;
  options?: CallsOptions;
}

/**
 * `im.calls`: one-to-one voice and video calls (docs/sdk.md "Calls", docs/product.md#call-flow).
 * The signalling runs in CallMachine; the media in CallMedia; the web only renders the events
 * `callStateChanged`, `callEnded`, `localStream`, `remoteStream` and `audioLevel`.
 *
 * The machine and the media are loaded with the first call or call signal, not with the sdk: a
 * first screen does not need them (docs/decisions.md#first-screen). Signals that arrive while they
 * load are handled in the order they came.
 */
export class CallsModule {
  #deps: CallsDeps;
  #machine: CallMachine | null = null;
  #loading: Promise<CallMachine> | null = null;

  constructor(deps: CallsDeps) {
    this.#deps = deps;
  }

  /** Calls a user (Outgoing at once); rejects when the token or the invite failed (the call ended). */
  async startCall(params: StartCallParams): Promise<CallInfo> {
    this.#deps.access.core();
    return (await this.#load()).startCall(params);
  }

  /** Accepts the ringing call. */
  async accept(): Promise<void> {
    return (await this.#load()).accept();
  }

  /** Rejects the ringing call. */
  async reject(): Promise<void> {
    return (await this.#load()).reject();
  }

  /** Hangs up: cancel, reject or hung up depending on the state. */
  async hangup(): Promise<void> {
    return (await this.#load()).hangup();
  }

  setMicMuted(muted: boolean): void {
    this.#machine?.setMicMuted(muted);
  }

  setCameraOff(off: boolean): void {
    this.#machine?.setCameraOff(off);
  }

  /** The call in progress, or null. */
  getCall(): CallInfo | null {
    return this.#machine?.call ?? null;
  }

  getState(): CallState {
    return this.#machine?.state ?? CallState.Idle;
  }

  /** The user's call records, newest first (`filter`: all, missed, incoming, outgoing). */
  getCallRecords(
    filter: CallRecordFilter = 'all',
    page = { pageNumber: 1, showNumber: 50 },
  ): Promise<GetCallRecordsResp> {
    return this.#deps.api.getRecords({ filter, pagination: page });
  }

  /** A call signal arrived (recvOnlineOnlyMessage); anything else is ignored. */
  onOnlineOnlyMessage(message: MessageItem): void {
    const data = message.customElem?.data;
    const signal = data ? parseCallSignal(data) : null;
    if (!signal) return;
    const receive = (machine: CallMachine) => machine.receive(message.sendID, signal.customType, signal.data);
    // Once loaded, at once; before, after the load, in arrival order (one promise, callbacks in order).
    const handled = this.#machine ? receive(this.#machine) : this.#load().then(receive);
    handled.catch((error: unknown) => console.warn('call signal not handled', error));
  }

  /** Logout: the call in progress is hung up. */
  async dispose(): Promise<void> {
    if (this.#loading) await (await this.#loading).dispose();
  }

  #load(): Promise<CallMachine> {
    this.#loading ??= Promise.all([
      import('../calls/call-machine.ts'),
      import('../calls/call-media.ts'),
    ]).then(([{ CallMachine }, { CallMedia }]) => {
      const deps = this.#deps;
      const options = deps.options ?? {};
      this.#machine = new CallMachine({
        selfID: () => deps.userID() ?? '',
        sendSignal: (recvID, type, invitation) => this.#sendSignal(recvID, type, invitation),
        getToken: async (roomID) => {
          const answer = await deps.api.rtcToken(roomID, deps.userID() ?? '');
          return { serverUrl: roomServiceUrl(answer.serverUrl, deps.wsUrl()), token: answer.token };
        },
        lookupProfile: deps.lookupUser,
        createMedia: options.createMedia ?? ((spec, listener) => new CallMedia(spec, listener, this.#rtc())),
        emit: deps.emit,
        timers: options.timers,
        timeoutS: () => this.#settings().timeoutS ?? CALL_TIMEOUT_S,
      });
      return this.#machine;
    });
    return this.#loading;
  }

  /** A signal is an online-only custom message on the messages' own send path: never stored, never counted. */
  async #sendSignal(recvID: string, type: CallSignalType, invitation: CallInvitation): Promise<void> {
    const { access } = this.#deps;
    const message = createCustomMessage(access.sender(), {
      data: JSON.stringify({ customType: type, data: invitation }),
    });
    await access.core().sendMessage({ recvID, message, isOnlineOnly: true });
  }

  #settings(): CallSettings {
    return { ...readCallSettings(this.#deps.storage), ...this.#deps.options?.settings };
  }

  #rtc(): RtcRuntime {
    const given = this.#deps.options?.rtc ?? {};
    const g = globalThis as {
      RTCPeerConnection?: RtcRuntime['RTCPeerConnection'];
      navigator?: { mediaDevices?: MediaDevices };
    };
    return {
      RTCPeerConnection: given.RTCPeerConnection ?? g.RTCPeerConnection!,
      getUserMedia:
        given.getUserMedia ?? ((constraints) => g.navigator!.mediaDevices!.getUserMedia(constraints)),
      WebSocket: given.WebSocket ?? defaultWebSocket(),
      iceTransportPolicy: given.iceTransportPolicy ?? this.#settings().iceTransportPolicy,
    };
  }
}
