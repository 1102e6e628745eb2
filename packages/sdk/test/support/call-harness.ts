import { CallSignal } from '@im/protocol';
import type { CallInvitation, CallSignalType } from '@im/protocol';
import { CallMachine } from '../../src/calls/call-machine.ts';
import type { CallMachineDeps } from '../../src/calls/call-machine-ports.ts';
import type { CallMediaPort, MediaListener, MediaSpec } from '../../src/calls/call-media-port.ts';
import type { CallEnded, CallInfo, CallPeer } from '../../src/calls/call-types.ts';

/** A media that records what the machine asks of it; the test plays the network. */
export class FakeMedia implements CallMediaPort {
  readonly log: string[] = [];
  closed = false;
  micMuted = false;
  cameraOff = false;
  readonly spec: MediaSpec;
  readonly listener: MediaListener;
  readonly #order: string[];
  constructor(spec: MediaSpec, listener: MediaListener, order: string[] = []) {
    this.spec = spec;
    this.listener = listener;
    this.#order = order;
  }
  async start(): Promise<void> {
    this.log.push('start');
    this.#order.push('media start');
  }
  async join(serverUrl: string, token: string): Promise<void> {
    this.log.push(`join ${serverUrl} ${token}`);
    this.#order.push('media join');
  }
  setMicMuted(muted: boolean): void {
    this.micMuted = muted;
  }
  setCameraOff(off: boolean): void {
    this.cameraOff = off;
  }
  close(): void {
    this.closed = true;
  }
}

export interface Sent {
  to: string;
  type: CallSignalType;
  invitation: CallInvitation;
}

export const profiles: Record<string, CallPeer> = {
  alice: { userID: 'alice', nickname: 'Alice', faceURL: 'a.png' },
  bob: { userID: 'bob', nickname: 'Bob', faceURL: 'b.png' },
  carol: { userID: 'carol', nickname: 'Carol', faceURL: 'c.png' },
};

/** One device of `selfID` with a machine whose every dependency is observable. */
export function callDevice(selfID: string, overrides: Partial<CallMachineDeps> = {}) {
  const sent: Sent[] = [];
  const medias: FakeMedia[] = [];
  const states: (CallInfo | null)[] = [];
  const ended: CallEnded[] = [];
  const tokens: string[] = [];
  /** Signals, tokens and media steps in the order they happened. */
  const order: string[] = [];
  const machine = new CallMachine({
    selfID: () => selfID,
    sendSignal: async (to, type, invitation) => {
      sent.push({ to, type, invitation });
      order.push(`signal ${type}`);
    },
    getToken: async (roomID) => {
      tokens.push(roomID);
      order.push('token');
      return { serverUrl: 'ws://localhost/rtc', token: `token-${roomID}` };
    },
    lookupProfile: async (userID) => profiles[userID] ?? null,
    createMedia: (spec, listener) => {
      const media = new FakeMedia(spec, listener, order);
      medias.push(media);
      return media;
    },
    emit: (event, payload) => {
      if (event === 'callStateChanged') states.push(payload as CallInfo | null);
      if (event === 'callEnded') ended.push(payload as CallEnded);
    },
    newRoomID: () => 'room-1',
    ...overrides,
  });
  return {
    machine,
    sent,
    medias,
    states,
    ended,
    tokens,
    order,
    /** The state names in order (null = Idle again). */
    stateNames: () => states.map((s) => s?.state ?? 'idle'),
    media: () => medias.at(-1)!,
    sentTypes: () => sent.map((s) => s.type),
  };
}

export function invitationFrom(
  inviter: string,
  invitee: string,
  extra: Partial<CallInvitation> = {},
): CallInvitation {
  return {
    roomID: 'room-9',
    inviterUserID: inviter,
    inviteeUserIDList: [invitee],
    mediaType: 'video',
    sessionType: 1,
    groupID: '',
    timeout: 30,
    initiateTime: Date.now(),
    ...extra,
  };
}

export { CallSignal };
