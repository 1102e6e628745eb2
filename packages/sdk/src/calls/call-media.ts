import type { RoomSignalData } from '@im/protocol';
import type { WebSocketConstructor } from '../connection/websocket-like.ts';
import { AudioLevelMeter } from './audio-level.ts';
import type { CallMediaPort, MediaListener, MediaSpec } from './call-media-port.ts';
import { RoomClient } from './room-client.ts';

/** The browser's WebRTC, injected so that the sdk runs (and is tested) without one. */
export interface RtcRuntime {
  RTCPeerConnection: new (config: RTCConfiguration) => RTCPeerConnection;
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  WebSocket: WebSocketConstructor;
  /** 'relay' forces TURN (a test-only setting); default 'all'. */
  iceTransportPolicy?: RTCIceTransportPolicy;
}

/** The media's own connection state, changed only in CallMedia#setLink. */
export const MediaLink = {
  New: 'new',
  Joined: 'joined',
  Connected: 'connected',
  /** Lost (disconnected or failed): an ICE restart is under way. */
  Recovering: 'recovering',
  Closed: 'closed',
} as const;
export type MediaLink = (typeof MediaLink)[keyof typeof MediaLink];

/** How long a lost connection may take to come back before the call ends. */
const RECOVERY_MS = 15_000;
/** `disconnected` often heals by itself; only after this does the caller restart ICE. */
const DISCONNECTED_GRACE_MS = 2_000;

/**
 * The media of one call: local capture, the room service and exactly one RTCPeerConnection
 * (audio, and video for a video call). The caller makes the offer when the callee joins the room;
 * the callee answers. Mic and camera switch through the tracks' `enabled` flag: no renegotiation.
 * A connection that fails is restarted with an ICE restart by the caller (a network change lands
 * here too); if it does not come back within RECOVERY_MS the call fails with reason `network`.
 */
export class CallMedia implements CallMediaPort {
  #spec: MediaSpec;
  #listener: MediaListener;
  #rtc: RtcRuntime;
  #local: MediaStream | null = null;
  #remote: MediaStream | null = null;
  #room: RoomClient | null = null;
  #pc: RTCPeerConnection | null = null;
  #link: MediaLink = MediaLink.New;
  #pendingCandidates: RTCIceCandidateInit[] = [];
  #recovery: ReturnType<typeof setTimeout> | null = null;
  #restartTimer: ReturnType<typeof setTimeout> | null = null;
  #meter: AudioLevelMeter | null = null;
  #onOnline = () => this.#restartIce();

  constructor(spec: MediaSpec, listener: MediaListener, rtc: RtcRuntime) {
    this.#spec = spec;
    this.#listener = listener;
    this.#rtc = rtc;
  }

  get link(): MediaLink {
    return this.#link;
  }

  /** The peer connection, for tests and diagnostics (getStats). */
  get peerConnection(): RTCPeerConnection | null {
    return this.#pc;
  }

  async start(): Promise<void> {
    try {
      this.#local = await this.#rtc.getUserMedia({
        audio: true,
        video: this.#spec.mediaType === 'video' ? { width: 640, height: 480 } : false,
      });
    } catch (error) {
      this.#listener.failed('media', error);
      throw error;
    }
    if (this.#link === MediaLink.Closed) return this.#stopLocal();
    this.#listener.localStream(this.#local);
  }

  async join(serverUrl: string, token: string): Promise<void> {
    const url = `${serverUrl}${serverUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
    const room = new RoomClient(url, this.#rtc.WebSocket);
    this.#room = room;
    const joined = await room.join();
    if (this.#link === MediaLink.Closed) return room.leave();
    this.#createPeer(joined.iceServers as RTCIceServer[]);
    room.events.on('peerJoined', () => {
      // The caller offers when the callee arrives (and again, restarting ICE, if they come back).
      if (this.#spec.role === 'caller') void this.#offer(this.#link !== MediaLink.Joined);
    });
    room.events.on('peerLeft', () => this.#listener.peerLeft());
    room.events.on('signal', ({ data }) => void this.#onSignal(data));
    room.events.on('closed', () => {
      // The room can end only because the call ended; while media flows the call goes on.
      if (this.#link !== MediaLink.Connected) this.#lost();
    });
    this.#setLink(MediaLink.Joined);
    if (this.#spec.role === 'caller' && joined.peers.length > 0) await this.#offer(false);
  }

  setMicMuted(muted: boolean): void {
    for (const track of this.#local?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  setCameraOff(off: boolean): void {
    for (const track of this.#local?.getVideoTracks() ?? []) track.enabled = !off;
  }

  close(): void {
    if (this.#link === MediaLink.Closed) return;
    this.#setLink(MediaLink.Closed);
    globalThis.removeEventListener?.('online', this.#onOnline);
    this.#clearRecovery();
    this.#meter?.stop();
    this.#room?.leave();
    this.#pc?.close();
    this.#pc = null;
    this.#stopLocal();
  }

  /** The one place the link changes. */
  #setLink(link: MediaLink): void {
    if (this.#link === link || this.#link === MediaLink.Closed) return;
    this.#link = link;
    if (link === MediaLink.Connected) {
      this.#clearRecovery();
      this.#listener.connected();
    }
  }

  #createPeer(iceServers: RTCIceServer[]): void {
    const pc = new this.#rtc.RTCPeerConnection({
      iceServers,
      iceTransportPolicy: this.#rtc.iceTransportPolicy ?? 'all',
    });
    this.#pc = pc;
    for (const track of this.#local?.getTracks() ?? []) pc.addTrack(track, this.#local!);
    pc.onicecandidate = (event) => this.#room?.signal({ candidate: event.candidate?.toJSON() ?? null });
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? this.#remote ?? new MediaStream([event.track]);
      if (!event.streams[0] && !stream.getTracks().includes(event.track)) stream.addTrack(event.track);
      if (stream !== this.#remote) {
        this.#remote = stream;
        this.#listener.remoteStream(stream);
      }
    };
    pc.onconnectionstatechange = () => this.#onConnectionState(pc.connectionState);
    this.#meter = new AudioLevelMeter(pc, (level) => this.#listener.audioLevel(level));
    globalThis.addEventListener?.('online', this.#onOnline);
  }

  #onConnectionState(state: RTCPeerConnectionState): void {
    if (state === 'connected') {
      this.#setLink(MediaLink.Connected);
      this.#meter?.start();
    } else if (state === 'disconnected') {
      this.#restartTimer ??= setTimeout(() => {
        this.#restartTimer = null;
        if (this.#pc?.connectionState === 'disconnected') this.#restartIce();
      }, DISCONNECTED_GRACE_MS);
      this.#lost(false);
    } else if (state === 'failed') {
      this.#restartIce();
    }
  }

  /** The connection is gone: recovering from now on, and failed if not back in time. */
  #lost(restart = true): void {
    if (this.#link === MediaLink.Closed) return;
    if (this.#link === MediaLink.Connected || this.#link === MediaLink.Joined)
      this.#setLink(MediaLink.Recovering);
    this.#recovery ??= setTimeout(() => {
      this.#recovery = null;
      if (this.#link !== MediaLink.Connected)
        this.#listener.failed('network', new Error('the connection was lost'));
    }, RECOVERY_MS);
    if (restart) this.#restartIce();
  }

  /** An ICE restart (docs/sdk.md "Calls"): only the caller offers, the callee answers it. */
  #restartIce(): void {
    const pc = this.#pc;
    if (!pc || this.#link === MediaLink.Closed || pc.connectionState === 'connected') return;
    if (this.#link !== MediaLink.Recovering) this.#lost(false);
    if (this.#spec.role !== 'caller' || !pc.remoteDescription) return;
    pc.restartIce();
    void this.#offer(true);
  }

  async #offer(iceRestart: boolean): Promise<void> {
    const pc = this.#pc;
    if (!pc || pc.signalingState !== 'stable') return;
    try {
      const offer = await pc.createOffer({ iceRestart });
      await pc.setLocalDescription(offer);
      this.#room?.signal({ description: pc.localDescription!.toJSON() as RoomSignalData['description'] });
    } catch (error) {
      if (this.#link !== MediaLink.Closed) this.#listener.failed('media', error);
    }
  }

  async #onSignal(data: RoomSignalData): Promise<void> {
    const pc = this.#pc;
    if (!pc) return;
    try {
      if (data.description) {
        await pc.setRemoteDescription(data.description as RTCSessionDescriptionInit);
        for (const candidate of this.#pendingCandidates.splice(0)) await pc.addIceCandidate(candidate);
        if (data.description.type === 'offer') {
          await pc.setLocalDescription(await pc.createAnswer());
          this.#room?.signal({ description: pc.localDescription!.toJSON() as RoomSignalData['description'] });
        }
      } else if (data.candidate !== undefined) {
        const candidate = (data.candidate ?? undefined) as RTCIceCandidateInit | undefined;
        if (!pc.remoteDescription) {
          if (candidate) this.#pendingCandidates.push(candidate);
        } else await pc.addIceCandidate(candidate);
      }
    } catch (error) {
      console.warn('room signal not applied', error);
    }
  }

  #clearRecovery(): void {
    if (this.#recovery) clearTimeout(this.#recovery);
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#recovery = null;
    this.#restartTimer = null;
  }

  #stopLocal(): void {
    for (const track of this.#local?.getTracks() ?? []) track.stop();
    this.#local = null;
  }
}
