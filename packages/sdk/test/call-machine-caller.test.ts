import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallState } from '../src/calls/call-types.ts';
import { CallSignal, callDevice, profiles } from './support/call-harness.ts';

/** The caller's side of docs/product.md#call-flow, on fake timers. */
describe('call machine: caller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function ringing(overrides = {}) {
    const device = callDevice('alice', overrides);
    const call = await device.machine.startCall({ userID: 'bob', mediaType: 'video', peer: profiles.bob });
    return { device, call };
  }

  it('opens the overlay, fetches a token, joins the room, then sends the invite', async () => {
    const { device, call } = await ringing();
    expect(device.stateNames()).toEqual([CallState.Outgoing]);
    expect(device.order).toEqual(['media start', 'token', 'media join', `signal ${CallSignal.Invite}`]);
    expect(device.tokens).toEqual(['room-1']);
    expect(device.media().log).toEqual(['start', 'join ws://localhost/rtc token-room-1']);
    expect(device.sent).toEqual([{ to: 'bob', type: CallSignal.Invite, invitation: call.invitation }]);
    expect(call.invitation).toMatchObject({
      roomID: 'room-1',
      inviterUserID: 'alice',
      inviteeUserIDList: ['bob'],
      mediaType: 'video',
      timeout: 30,
      groupID: '',
    });
    expect(device.machine.state).toBe(CallState.Outgoing);
  });

  it('sends cancel when the invitation times out unanswered (reason timeout)', async () => {
    const { device } = await ringing();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(device.sentTypes()).toEqual([CallSignal.Invite]);
    await vi.advanceTimersByTimeAsync(1);
    expect(device.sentTypes()).toEqual([CallSignal.Invite, CallSignal.Cancel]);
    expect(device.ended.map((e) => e.reason)).toEqual(['timeout']);
    expect(device.media().closed).toBe(true);
    expect(device.stateNames()).toEqual([CallState.Outgoing, CallState.Ended, 'idle']);
    expect(device.machine.state).toBe(CallState.Idle);
  });

  it('uses a shortened timeout when the setting gives one', async () => {
    const { device, call } = await ringing({ timeoutS: () => 3 });
    expect(call.invitation.timeout).toBe(3);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(device.ended.map((e) => e.reason)).toEqual(['timeout']);
  });

  it('sends cancel when hung up while ringing (reason canceled)', async () => {
    const { device } = await ringing();
    await device.machine.hangup();
    expect(device.sentTypes()).toEqual([CallSignal.Invite, CallSignal.Cancel]);
    expect(device.ended[0]).toMatchObject({ reason: 'canceled', duration: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(device.sent).toHaveLength(2);
  });

  it('hung up while the token is fetched: no invite, no cancel, the media closes', async () => {
    let release!: () => void;
    const device = callDevice('alice', {
      getToken: () =>
        new Promise((resolve) => {
          release = () => resolve({ serverUrl: 'ws://x/rtc', token: 't' });
        }),
    });
    const started = device.machine.startCall({ userID: 'bob', mediaType: 'audio' });
    await vi.advanceTimersByTimeAsync(0);
    await device.machine.hangup();
    release();
    await started;
    expect(device.sent).toEqual([]);
    expect(device.media().closed).toBe(true);
    expect(device.media().log).toEqual(['start']);
    expect(device.ended.map((e) => e.reason)).toEqual(['canceled']);
  });

  it('fails with "invite" when the token cannot be had, and sends nothing', async () => {
    const device = callDevice('alice', { getToken: () => Promise.reject(new Error('1002')) });
    await expect(device.machine.startCall({ userID: 'bob', mediaType: 'audio' })).rejects.toThrow('1002');
    expect(device.ended[0]).toMatchObject({ reason: 'failed', failure: 'invite' });
    expect(device.sent).toEqual([]);
    expect(device.machine.state).toBe(CallState.Idle);
  });

  it('fails with "invite" when the invite cannot be sent', async () => {
    const device = callDevice('alice', { sendSignal: () => Promise.reject(new Error('1302')) });
    await expect(device.machine.startCall({ userID: 'bob', mediaType: 'audio' })).rejects.toThrow('1302');
    expect(device.ended[0]).toMatchObject({ reason: 'failed', failure: 'invite' });
    expect(device.media().closed).toBe(true);
  });

  it('looks the callee up when the screen gave no profile', async () => {
    const device = callDevice('alice');
    await device.machine.startCall({ userID: 'bob', mediaType: 'audio' });
    await vi.advanceTimersByTimeAsync(0);
    expect(device.machine.call?.peer).toEqual(profiles.bob);
  });

  it('refuses a second call while one is open', async () => {
    const { device } = await ringing();
    await expect(device.machine.startCall({ userID: 'carol', mediaType: 'audio' })).rejects.toThrow();
  });

  it('on accept for its room: connecting, the timer stops; connected media starts the call timer', async () => {
    const { device, call } = await ringing();
    await device.machine.receive('bob', CallSignal.Accept, call.invitation);
    expect(device.machine.state).toBe(CallState.Connecting);
    await vi.advanceTimersByTimeAsync(10_000);
    device.media().listener.connected();
    expect(device.machine.state).toBe(CallState.Connected);
    expect(device.machine.call?.connectedAt).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(device.sentTypes()).toEqual([CallSignal.Invite]);
    await vi.advanceTimersByTimeAsync(74_500);
    await device.machine.hangup();
    expect(device.sentTypes()).toEqual([CallSignal.Invite, CallSignal.Hungup]);
    expect(device.ended[0]).toMatchObject({ reason: 'hungup', duration: 134 });
    expect(device.stateNames()).toEqual([
      CallState.Outgoing,
      CallState.Connecting,
      CallState.Connected,
      CallState.Ended,
      'idle',
    ]);
  });

  it('ignores an accept for another room or from another user', async () => {
    const { device, call } = await ringing();
    await device.machine.receive('bob', CallSignal.Accept, { ...call.invitation, roomID: 'other' });
    await device.machine.receive('carol', CallSignal.Accept, call.invitation);
    expect(device.machine.state).toBe(CallState.Outgoing);
  });

  it('fails when accepted media does not connect in time, and says so with hung up', async () => {
    const { device, call } = await ringing({ connectTimeoutMs: 5_000 });
    await device.machine.receive('bob', CallSignal.Accept, call.invitation);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(device.ended[0]).toMatchObject({ reason: 'failed', failure: 'network' });
    expect(device.sentTypes()).toEqual([CallSignal.Invite, CallSignal.Hungup]);
  });

  it('on reject for its room the call ends refused; a busy reject ends it busy', async () => {
    const first = await ringing();
    await first.device.machine.receive('bob', CallSignal.Reject, first.call.invitation);
    expect(first.device.ended.map((e) => e.reason)).toEqual(['refused']);
    expect(first.device.media().closed).toBe(true);

    const second = await ringing();
    await second.device.machine.receive('bob', CallSignal.Reject, { ...second.call.invitation, busy: true });
    expect(second.device.ended.map((e) => e.reason)).toEqual(['busy']);
    expect(second.device.sentTypes()).toEqual([CallSignal.Invite]);
  });

  it('on hung up from the peer the call ends without sending anything', async () => {
    const { device, call } = await ringing();
    await device.machine.receive('bob', CallSignal.Accept, call.invitation);
    device.media().listener.connected();
    await device.machine.receive('bob', CallSignal.Hungup, call.invitation);
    expect(device.ended.map((e) => e.reason)).toEqual(['hungup']);
    expect(device.sentTypes()).toEqual([CallSignal.Invite]);
    expect(device.machine.call).toBeNull();
  });

  it('the callee leaving the room ends the call (a remote disconnect)', async () => {
    const { device, call } = await ringing();
    await device.machine.receive('bob', CallSignal.Accept, call.invitation);
    device.media().listener.connected();
    device.media().listener.peerLeft();
    await vi.advanceTimersByTimeAsync(0);
    expect(device.ended.map((e) => e.reason)).toEqual(['hungup']);
    expect(device.sentTypes()).toEqual([CallSignal.Invite, CallSignal.Hungup]);
    expect(device.media().closed).toBe(true);
  });

  it('a connection that cannot be recovered ends the call as failed (network)', async () => {
    const { device, call } = await ringing();
    await device.machine.receive('bob', CallSignal.Accept, call.invitation);
    device.media().listener.connected();
    device.media().listener.failed('network', new Error('the connection was lost'));
    await vi.advanceTimersByTimeAsync(0);
    expect(device.ended[0]).toMatchObject({ reason: 'failed', failure: 'network' });
    expect(device.sentTypes()).toEqual([CallSignal.Invite, CallSignal.Hungup]);
  });

  it('cancel racing accept: the timer fired first, so the late accept changes nothing', async () => {
    const { device, call } = await ringing();
    await vi.advanceTimersByTimeAsync(30_000);
    await device.machine.receive('bob', CallSignal.Accept, call.invitation);
    expect(device.machine.state).toBe(CallState.Idle);
    expect(device.ended.map((e) => e.reason)).toEqual(['timeout']);
    expect(device.medias).toHaveLength(1);
  });

  it('switches the microphone and the camera through the media, with no new call state', async () => {
    const { device, call } = await ringing();
    await device.machine.receive('bob', CallSignal.Accept, call.invitation);
    device.media().listener.connected();
    device.machine.setMicMuted(true);
    device.machine.setCameraOff(true);
    expect(device.media()).toMatchObject({ micMuted: true, cameraOff: true });
    expect(device.machine.call).toMatchObject({
      micMuted: true,
      cameraOff: true,
      state: CallState.Connected,
    });
  });
});
