import type { CallInvitation, CallMediaType } from '@im/protocol';

/**
 * Where the one call of this device stands (docs/product.md#call-flow). It changes in one place,
 * CallMachine#setState, which emits `callStateChanged`.
 */
export const CallState = {
  /** No call. */
  Idle: 'idle',
  /** The caller rings out: invite sent (or being sent), nobody has answered. */
  Outgoing: 'outgoing',
  /** This device rings: an invite came in. */
  Incoming: 'incoming',
  /** Answered: the media is being connected. */
  Connecting: 'connecting',
  /** The media flows; the call timer runs from `connectedAt`. */
  Connected: 'connected',
  /** Just ended (callEnded says why); the machine is Idle again right after. */
  Ended: 'ended',
} as const;
export type CallState = (typeof CallState)[keyof typeof CallState];

/**
 * Why a call ended, as seen on this device: `hungup` (either side, or the other participant left the
 * room), `canceled` (the caller hung up before an answer), `refused` (the callee rejected), `busy` (the
 * callee was in another call), `timeout` (nobody answered in time), `handledElsewhere` (another device
 * of this user accepted or rejected), `failed` (token, invite, media or network: see `error`).
 */
export type CallEndReason =
  'hungup' | 'canceled' | 'refused' | 'busy' | 'timeout' | 'handledElsewhere' | 'failed';

/** The other user of a call, as the overlay shows them. */
export interface CallPeer {
  userID: string;
  nickname: string;
  faceURL: string;
}

export type CallRole = 'caller' | 'callee';

/** A snapshot of the call (plain data; every change comes as a new one). */
export interface CallInfo {
  state: CallState;
  roomID: string;
  role: CallRole;
  mediaType: CallMediaType;
  peer: CallPeer;
  invitation: CallInvitation;
  /** When the media connected (ms), 0 before: the call timer counts whole seconds from it. */
  connectedAt: number;
  micMuted: boolean;
  cameraOff: boolean;
}

export interface CallEnded {
  call: CallInfo;
  reason: CallEndReason;
  /** Whole seconds connected (0 when it never connected). */
  duration: number;
  /** For `failed`: what failed (`invite` = the caller's token or invite, `accept`, `media`, `network`). */
  failure?: 'invite' | 'accept' | 'media' | 'network';
  error?: unknown;
}

/** The call events of `im.on` (docs/sdk.md "Calls"). */
export interface CallEvents {
  callStateChanged: CallInfo | null;
  callEnded: CallEnded;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** The peer's audio level, 0..1, a few times a second while connected. */
  audioLevel: number;
}
