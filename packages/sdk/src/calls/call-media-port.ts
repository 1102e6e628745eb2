import type { CallMediaType } from '@im/protocol';
import type { CallRole } from './call-types.ts';

/** What the media of a call tells the signalling machine. */
export interface MediaListener {
  /** The peer connection is connected (first time, or again after a restart). */
  connected: () => void;
  /** The other participant left the room. */
  peerLeft: () => void;
  /** The media could not be set up or recovered (getUserMedia, room, ICE): the call ends. */
  failed: (failure: 'media' | 'network', error: unknown) => void;
  localStream: (stream: MediaStream | null) => void;
  remoteStream: (stream: MediaStream | null) => void;
  audioLevel: (level: number) => void;
}

export interface MediaSpec {
  roomID: string;
  mediaType: CallMediaType;
  role: CallRole;
}

/**
 * The media of one call (call-media.ts in a browser, a fake in unit tests): local capture, the room
 * service and the one RTCPeerConnection. The machine only starts, joins, switches and closes it.
 */
export interface CallMediaPort {
  /** Captures the microphone (and camera for video); the local stream goes to the listener. */
  start(): Promise<void>;
  /** Joins the call's room with a token; resolves once joined. */
  join(serverUrl: string, token: string): Promise<void>;
  setMicMuted(muted: boolean): void;
  setCameraOff(off: boolean): void;
  /** Leaves the room, stops the tracks, closes the peer connection. Idempotent. */
  close(): void;
}

export type CreateCallMedia = (spec: MediaSpec, listener: MediaListener) => CallMediaPort;
