import type { CallInvitation, CallMediaType, CallSignalType } from '@im/protocol';
import type { CreateCallMedia } from './call-media-port.ts';
import type { CallEvents, CallPeer } from './call-types.ts';

/*
 * What the call machine (call-machine.ts) is given: the ports it reaches the world through
 * (signals, tokens, profiles, media, timers) and the inputs of its calls. Injected, so the machine
 * stays pure and its tests run in Node.
 */

export interface CallTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface CallMachineDeps {
  selfID: () => string;
  /** Sends one call signal as an online-only custom message to `recvID` (docs/product.md#call-flow). */
  sendSignal: (recvID: string, type: CallSignalType, invitation: CallInvitation) => Promise<void>;
  /** A room token (`/chat/user/rtc/get_token`), `serverUrl` resolved to an absolute WebSocket URL. */
  getToken: (roomID: string) => Promise<{ serverUrl: string; token: string }>;
  /** The inviter's profile, or null when there is none (then no call opens). */
  lookupProfile: (userID: string) => Promise<CallPeer | null>;
  createMedia: CreateCallMedia;
  emit: <K extends keyof CallEvents>(event: K, payload: CallEvents[K]) => void;
  timers?: CallTimers;
  now?: () => number;
  newRoomID?: () => string;
  /** The invitation's timeout in seconds (CALL_TIMEOUT_S unless a test setting shortens it). */
  timeoutS?: () => number;
  /** From the answer to connected media; past it the call fails (default 30 s). */
  connectTimeoutMs?: number;
}

export interface StartCallParams {
  userID: string;
  mediaType: CallMediaType;
  /** The peer as the screen knows them; looked up when not given. */
  peer?: CallPeer;
}

/** The call ended (hung up, canceled) while one of its async steps ran. */
export class CallGoneError extends Error {
  constructor() {
    super('the call ended meanwhile');
    this.name = 'CallGoneError';
  }
}
