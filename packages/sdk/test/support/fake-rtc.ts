import type { WebSocketLike } from '../../src/connection/websocket-like.ts';

/** A room-service socket the test drives: `serve(frame)` delivers a server frame. */
export class FakeRoomSocket implements WebSocketLike {
  static all: FakeRoomSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeRoomSocket.all.push(this);
    this.readyState = 1;
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  serve(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

/** A track whose `enabled` and `stop` are observable. */
export function fakeTrack(kind: 'audio' | 'video') {
  return {
    kind,
    enabled: true,
    stopped: false,
    stop() {
      this.stopped = true;
    },
  };
}

export function fakeStream(kinds: ('audio' | 'video')[]) {
  const tracks = kinds.map(fakeTrack);
  return {
    tracks,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  };
}

const description = (init: { type: string; sdp?: string }) => ({ ...init, toJSON: () => init });

/** An RTCPeerConnection that records what CallMedia asks of it; the test sets its states. */
export class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  readonly config: RTCConfiguration;
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: ReturnType<typeof description> | null = null;
  remoteDescription: { type: string; sdp?: string } | null = null;
  offers: { iceRestart?: boolean }[] = [];
  candidates: unknown[] = [];
  tracks: unknown[] = [];
  restarts = 0;
  closed = false;
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  ontrack: ((event: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(config: RTCConfiguration) {
    this.config = config;
    FakePeerConnection.all.push(this);
  }
  addTrack(track: unknown): void {
    this.tracks.push(track);
  }
  async createOffer(options: { iceRestart?: boolean } = {}) {
    this.offers.push(options);
    return { type: 'offer', sdp: `offer-${this.offers.length}` };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'answer' };
  }
  async setLocalDescription(init: { type: string; sdp?: string }) {
    this.localDescription = description(init);
  }
  async setRemoteDescription(init: { type: string; sdp?: string }) {
    this.remoteDescription = init;
  }
  async addIceCandidate(candidate: unknown) {
    this.candidates.push(candidate);
  }
  restartIce(): void {
    this.restarts += 1;
  }
  getReceivers() {
    return [];
  }
  close(): void {
    this.closed = true;
  }
  /** The browser's connection state changes. */
  set(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}
