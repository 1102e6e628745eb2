import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallMedia, MediaLink } from '../src/calls/call-media.ts';
import type { RtcRuntime } from '../src/calls/call-media.ts';
import type { MediaListener } from '../src/calls/call-media-port.ts';
import { FakePeerConnection, FakeRoomSocket, fakeStream } from './support/fake-rtc.ts';

/** One RTCPeerConnection per call: negotiation, switches without renegotiation, ICE restart, recovery. */
describe('call media', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePeerConnection.all = [];
    FakeRoomSocket.all = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function media(role: 'caller' | 'callee', mediaType: 'audio' | 'video' = 'video') {
    const heard: string[] = [];
    const listener: MediaListener = {
      connected: () => heard.push('connected'),
      peerLeft: () => heard.push('peerLeft'),
      failed: (failure) => heard.push(`failed ${failure}`),
      localStream: () => heard.push('local'),
      remoteStream: () => heard.push('remote'),
      audioLevel: () => undefined,
    };
    const stream = fakeStream(mediaType === 'video' ? ['audio', 'video'] : ['audio']);
    const getUserMedia = vi.fn(async () => stream as unknown as MediaStream);
    const rtc: RtcRuntime = {
      RTCPeerConnection: FakePeerConnection as unknown as RtcRuntime['RTCPeerConnection'],
      getUserMedia,
      WebSocket: FakeRoomSocket,
      iceTransportPolicy: 'relay',
    };
    const subject = new CallMedia({ roomID: 'r1', mediaType, role }, listener, rtc);
    return { subject, heard, stream, getUserMedia };
  }

  async function joined(role: 'caller' | 'callee', peers: string[] = []) {
    const m = media(role);
    await m.subject.start();
    const joining = m.subject.join('ws://localhost/rtc', 'tok');
    const socket = FakeRoomSocket.all.at(-1)!;
    socket.serve({ type: 'joined', iceServers: [{ urls: 'turn:127.0.0.1:3478' }], peers });
    await joining;
    await vi.advanceTimersByTimeAsync(0);
    return { ...m, socket, pc: FakePeerConnection.all.at(-1)! };
  }

  it('captures audio and video, joins with the token, and builds one connection with the ICE servers', async () => {
    const { getUserMedia, socket, pc, heard } = await joined('caller');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: { width: 640, height: 480 } });
    expect(socket.url).toBe('ws://localhost/rtc?token=tok');
    expect(pc.config).toEqual({ iceServers: [{ urls: 'turn:127.0.0.1:3478' }], iceTransportPolicy: 'relay' });
    expect(pc.tracks).toHaveLength(2);
    expect(heard).toEqual(['local']);
    expect(FakePeerConnection.all).toHaveLength(1);
  });

  it('a voice call captures no camera', async () => {
    const m = media('caller', 'audio');
    await m.subject.start();
    expect(m.getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
  });

  it('the caller offers when the callee joins the room', async () => {
    const { socket, pc } = await joined('caller');
    expect(pc.offers).toEqual([]);
    socket.serve({ type: 'peer-joined', userID: 'bob' });
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.offers).toEqual([{ iceRestart: false }]);
    expect(socket.sent).toContainEqual({
      type: 'signal',
      data: { description: { type: 'offer', sdp: 'offer-1' } },
    });
  });

  it('the callee answers the offer and applies candidates that came before it', async () => {
    const { socket, pc } = await joined('callee', ['alice']);
    socket.serve({ type: 'signal', from: 'alice', data: { candidate: { candidate: 'c1', sdpMid: '0' } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.candidates).toEqual([]);
    socket.serve({ type: 'signal', from: 'alice', data: { description: { type: 'offer', sdp: 'o' } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'o' });
    expect(pc.candidates).toEqual([{ candidate: 'c1', sdpMid: '0' }]);
    expect(socket.sent).toContainEqual({
      type: 'signal',
      data: { description: { type: 'answer', sdp: 'answer' } },
    });
    expect(pc.offers).toEqual([]);
  });

  it('says connected once, and mic and camera switch the tracks without a new offer', async () => {
    const m = await joined('caller');
    m.pc.set('connected');
    expect(m.heard).toEqual(['local', 'connected']);
    expect(m.subject.link).toBe(MediaLink.Connected);
    m.subject.setMicMuted(true);
    m.subject.setCameraOff(true);
    expect(m.stream.tracks.map((t) => t.enabled)).toEqual([false, false]);
    m.subject.setCameraOff(false);
    expect(m.stream.tracks.map((t) => t.enabled)).toEqual([false, true]);
    expect(m.pc.offers).toEqual([]);
  });

  it('a failed connection is restarted by the caller with an ICE restart and recovers', async () => {
    const m = await joined('caller');
    m.socket.serve({ type: 'peer-joined', userID: 'bob' });
    await vi.advanceTimersByTimeAsync(0);
    m.pc.remoteDescription = { type: 'answer', sdp: 'a' };
    m.pc.set('connected');
    m.pc.set('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(m.pc.restarts).toBe(1);
    expect(m.pc.offers.at(-1)).toEqual({ iceRestart: true });
    expect(m.subject.link).toBe(MediaLink.Recovering);
    m.pc.set('connected');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(m.heard).toEqual(['local', 'connected', 'connected']);
  });

  it('a network change that does not recover ends with a clear reason', async () => {
    const m = await joined('callee', ['alice']);
    m.pc.set('connected');
    m.pc.set('disconnected');
    await vi.advanceTimersByTimeAsync(14_999);
    expect(m.heard).not.toContain('failed network');
    await vi.advanceTimersByTimeAsync(1);
    expect(m.heard).toContain('failed network');
  });

  it('hears the other participant leave', async () => {
    const m = await joined('caller');
    m.socket.serve({ type: 'peer-left', userID: 'bob' });
    expect(m.heard).toContain('peerLeft');
  });

  it('close leaves the room, closes the connection and stops the tracks', async () => {
    const m = await joined('caller');
    m.subject.close();
    expect(m.socket.sent).toContainEqual({ type: 'leave' });
    expect(m.pc.closed).toBe(true);
    expect(m.stream.tracks.every((t) => t.stopped)).toBe(true);
    expect(m.subject.link).toBe(MediaLink.Closed);
  });
});
