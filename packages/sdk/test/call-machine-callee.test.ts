import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallState } from '../src/calls/call-types.ts';
import { CallSignal, callDevice, invitationFrom, profiles } from './support/call-harness.ts';

/** The callee's side of docs/product.md#call-flow, busy and two devices included, on fake timers. */
describe('call machine: callee', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function invited(selfID = 'bob') {
    const device = callDevice(selfID);
    const invitation = invitationFrom('alice', selfID);
    await device.machine.receive('alice', CallSignal.Invite, invitation);
    return { device, invitation };
  }

  it('an invite opens the call ringing, with the inviter looked up', async () => {
    const { device } = await invited();
    expect(device.stateNames()).toEqual([CallState.Incoming]);
    expect(device.machine.call).toMatchObject({
      role: 'callee',
      roomID: 'room-9',
      mediaType: 'video',
      peer: profiles.alice,
    });
    expect(device.sent).toEqual([]);
    expect(device.medias).toEqual([]);
  });

  it('an invite whose inviter has no profile opens nothing', async () => {
    const device = callDevice('bob');
    await device.machine.receive('dave', CallSignal.Invite, invitationFrom('dave', 'bob'));
    expect(device.states).toEqual([]);
    expect(device.machine.state).toBe(CallState.Idle);
  });

  it('ignores its own invite echoed from another device, and invites for someone else', async () => {
    const device = callDevice('alice');
    await device.machine.receive('alice', CallSignal.Invite, invitationFrom('alice', 'bob'));
    await device.machine.receive('carol', CallSignal.Invite, invitationFrom('carol', 'bob'));
    expect(device.states).toEqual([]);
  });

  it('accepting sends accept, then fetches a token for the room and joins it', async () => {
    const { device, invitation } = await invited();
    await device.machine.accept();
    expect(device.sent).toEqual([{ to: 'alice', type: CallSignal.Accept, invitation }]);
    expect(device.tokens).toEqual(['room-9']);
    expect(device.media().log).toEqual(['start', 'join ws://localhost/rtc token-room-9']);
    // The capture may start with the accept; the token and the room only after it.
    expect(device.order.filter((step) => step !== 'media start')).toEqual([
      `signal ${CallSignal.Accept}`,
      'token',
      'media join',
    ]);
    expect(device.media().spec).toEqual({ roomID: 'room-9', mediaType: 'video', role: 'callee' });
    expect(device.machine.state).toBe(CallState.Connecting);
    device.media().listener.connected();
    expect(device.stateNames()).toEqual([CallState.Incoming, CallState.Connecting, CallState.Connected]);
  });

  it('an accept that fails is logged and the call closes', async () => {
    const device = callDevice('bob', { getToken: () => Promise.reject(new Error('1002')) });
    await device.machine.receive('alice', CallSignal.Invite, invitationFrom('alice', 'bob'));
    await device.machine.accept();
    expect(console.error).toHaveBeenCalled();
    expect(device.ended[0]).toMatchObject({ reason: 'failed', failure: 'accept' });
    expect(device.sentTypes()).toEqual([CallSignal.Accept, CallSignal.Hungup]);
    expect(device.machine.state).toBe(CallState.Idle);
  });

  it('hanging up while it rings sends reject (reason refused)', async () => {
    const { device, invitation } = await invited();
    await device.machine.reject();
    expect(device.sent).toEqual([{ to: 'alice', type: CallSignal.Reject, invitation }]);
    expect(device.ended.map((e) => e.reason)).toEqual(['refused']);
  });

  it('hanging up once connected sends hung up with the duration', async () => {
    const { device } = await invited();
    await device.machine.accept();
    device.media().listener.connected();
    await vi.advanceTimersByTimeAsync(5_000);
    await device.machine.hangup();
    expect(device.sentTypes()).toEqual([CallSignal.Accept, CallSignal.Hungup]);
    expect(device.ended[0]).toMatchObject({ reason: 'hungup', duration: 5 });
  });

  it('a cancel while ringing closes it (canceled); after the invitation timeout it says timeout', async () => {
    const first = await invited();
    await first.device.machine.receive('alice', CallSignal.Cancel, first.invitation);
    expect(first.device.ended.map((e) => e.reason)).toEqual(['canceled']);
    expect(first.device.sent).toEqual([]);

    const second = await invited();
    await vi.advanceTimersByTimeAsync(30_000);
    await second.device.machine.receive('alice', CallSignal.Cancel, second.invitation);
    expect(second.device.ended.map((e) => e.reason)).toEqual(['timeout']);
  });

  it('stops ringing by itself when the caller’s cancel never comes', async () => {
    const { device } = await invited();
    await vi.advanceTimersByTimeAsync(34_999);
    expect(device.machine.state).toBe(CallState.Incoming);
    await vi.advanceTimersByTimeAsync(1);
    expect(device.ended.map((e) => e.reason)).toEqual(['timeout']);
    expect(device.sent).toEqual([]);
  });

  it('a cancel from someone else, or for another room, changes nothing', async () => {
    const { device, invitation } = await invited();
    await device.machine.receive('carol', CallSignal.Cancel, invitation);
    await device.machine.receive('alice', CallSignal.Cancel, { ...invitation, roomID: 'other' });
    expect(device.machine.state).toBe(CallState.Incoming);
  });

  it('busy: an invite while a call is open is rejected at once with busy, without ringing', async () => {
    const { device } = await invited();
    await device.machine.accept();
    device.media().listener.connected();
    const second = invitationFrom('carol', 'bob', { roomID: 'room-c' });
    await device.machine.receive('carol', CallSignal.Invite, second);
    await vi.advanceTimersByTimeAsync(0);
    expect(device.sent.at(-1)).toEqual({
      to: 'carol',
      type: CallSignal.Reject,
      invitation: { ...second, busy: true },
    });
    expect(device.machine.call).toMatchObject({ roomID: 'room-9', state: CallState.Connected });
    expect(device.ended).toEqual([]);
  });

  it('busy also while the caller rings out', async () => {
    const device = callDevice('bob');
    await device.machine.startCall({ userID: 'carol', mediaType: 'audio' });
    await device.machine.receive('alice', CallSignal.Invite, invitationFrom('alice', 'bob'));
    await vi.advanceTimersByTimeAsync(0);
    expect(device.sent.at(-1)).toMatchObject({
      to: 'alice',
      type: CallSignal.Reject,
      invitation: { busy: true },
    });
    expect(device.machine.call?.role).toBe('caller');
  });

  it('a repeated invite for the ringing room is not answered busy', async () => {
    const { device, invitation } = await invited();
    await device.machine.receive('alice', CallSignal.Invite, invitation);
    expect(device.sent).toEqual([]);
    expect(device.stateNames()).toEqual([CallState.Incoming]);
  });

  it('two devices: both ring; the other device accepting stops this one (handledElsewhere)', async () => {
    const phone = await invited();
    const laptop = await invited();
    await laptop.device.machine.accept();
    // The accept reaches the caller and, from the server, this user's other devices.
    const accept = laptop.device.sent[0];
    await phone.device.machine.receive('bob', accept.type, accept.invitation);
    expect(phone.device.ended.map((e) => e.reason)).toEqual(['handledElsewhere']);
    expect(phone.device.sent).toEqual([]);
    expect(laptop.device.machine.state).toBe(CallState.Connecting);
  });

  it('two devices: the other device rejecting stops this one too', async () => {
    const phone = await invited();
    await phone.device.machine.receive('bob', CallSignal.Reject, phone.invitation);
    expect(phone.device.ended.map((e) => e.reason)).toEqual(['handledElsewhere']);
    expect(phone.device.sent).toEqual([]);
  });

  it('the inviter leaving the room ends the connected call (a remote disconnect)', async () => {
    const { device } = await invited();
    await device.machine.accept();
    device.media().listener.connected();
    device.media().listener.peerLeft();
    await vi.advanceTimersByTimeAsync(0);
    expect(device.ended.map((e) => e.reason)).toEqual(['hungup']);
    expect(device.media().closed).toBe(true);
    expect(device.machine.state).toBe(CallState.Idle);
    expect(device.machine.call).toBeNull();
  });

  it('hung up from the caller while connecting ends the call', async () => {
    const { device, invitation } = await invited();
    await device.machine.accept();
    await device.machine.receive('alice', CallSignal.Hungup, invitation);
    expect(device.ended.map((e) => e.reason)).toEqual(['hungup']);
    expect(device.sentTypes()).toEqual([CallSignal.Accept]);
  });

  it('cancel racing accept: a cancel arriving while our accept is on its way ends the call, nothing joins', async () => {
    let deliver!: () => void;
    const device = callDevice('bob', {
      sendSignal: (_to, type) =>
        type === CallSignal.Accept ? new Promise<void>((resolve) => (deliver = resolve)) : Promise.resolve(),
    });
    const invitation = invitationFrom('alice', 'bob');
    await device.machine.receive('alice', CallSignal.Invite, invitation);
    const accepting = device.machine.accept();
    await device.machine.receive('alice', CallSignal.Cancel, invitation);
    deliver();
    await accepting;
    expect(device.ended.map((e) => e.reason)).toEqual(['canceled']);
    // The capture had started with the accept: it is closed, and the room is never joined.
    expect(device.media().closed).toBe(true);
    expect(device.media().log).toEqual(['start']);
    expect(device.tokens).toEqual([]);
    expect(device.machine.state).toBe(CallState.Idle);
  });

  it('a cancel arriving while the inviter is looked up: nothing rings afterwards', async () => {
    let found!: () => void;
    const device = callDevice('bob', {
      lookupProfile: () => new Promise((resolve) => (found = () => resolve(profiles.alice))),
    });
    const invitation = invitationFrom('alice', 'bob');
    const receiving = device.machine.receive('alice', CallSignal.Invite, invitation);
    await device.machine.receive('alice', CallSignal.Cancel, invitation);
    found();
    await receiving;
    expect(device.states).toEqual([]);
  });

  it('accept is refused when nothing rings', async () => {
    const device = callDevice('bob');
    await expect(device.machine.accept()).rejects.toThrow();
  });
});
