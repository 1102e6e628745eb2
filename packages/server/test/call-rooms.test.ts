import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CallSignal, ErrCode, RoomCloseCode, RTC_PATH } from '@im/protocol';
import type { TestServer } from '../src/testing.ts';
import { invitation, RoomClient, rtcToken, sendSignal } from './support/calls.ts';
import type { CallUser } from './support/calls.ts';
import { makeFriends } from './support/friends.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** The upgrade's HTTP status for a room socket (101 when it upgrades). */
function rtcUpgradeStatus(server: TestServer, token: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest({
      agent: false,
      host: '127.0.0.1',
      port: Number(server.host.split(':')[1]),
      path: `${RTC_PATH}?token=${encodeURIComponent(token)}`,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': Buffer.from('0123456789abcdef').toString('base64'),
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const TURN_SECRET = 'room-test-secret';

/**
 * The room token and the room service (docs/api.md#room-service-rtc): only the call's two users get
 * a token, a token is short-lived, and the room relays signals between its two participants only.
 */
describe.each(databases)('call rooms on %s', (database) => {
  let offset = 0;
  const { server, connect } = useSuiteServer({
    database,
    env: { STUN_URLS: 'stun:127.0.0.1:3478', TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET },
    calls: { now: () => Date.now() + offset },
  });

  /** Alice calls Bob (friends, online): Alice's token reserved the room, her invite registered it. */
  async function ringing() {
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server, { nickname: 'Bob' });
    await makeFriends(server, alice, bob);
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    const call = invitation(alice.userID, bob.userID);
    const token = await rtcToken(server, alice, call.roomID);
    expect(token.errCode).toBe(0);
    expect((await sendSignal(a, bob.userID, CallSignal.Invite, call)).errCode).toBe(0);
    return { alice, bob, a, b, call, aliceToken: token.data!.token };
  }

  it('gives a room token only to the call’s two users, each for their own identity', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const carol = await registerUser(server);
    await makeFriends(server, alice, bob);
    const a = await connect(alice);
    const call = invitation(alice.userID, bob.userID);

    const reserved = await rtcToken(server, alice, call.roomID);
    expect(reserved).toMatchObject({ errCode: 0, data: { serverUrl: '/rtc', token: expect.any(String) } });
    // Someone else's identity, the callee before the invite, anyone else: 1002.
    expect((await rtcToken(server, alice, call.roomID, bob.userID)).errCode).toBe(ErrCode.NO_PERMISSION);
    expect((await rtcToken(server, bob, call.roomID)).errCode).toBe(ErrCode.NO_PERMISSION);
    expect((await rtcToken(server, carol, call.roomID)).errCode).toBe(ErrCode.NO_PERMISSION);

    expect((await sendSignal(a, bob.userID, CallSignal.Invite, call)).errCode).toBe(0);
    expect((await rtcToken(server, bob, call.roomID)).errCode).toBe(0);
    expect((await rtcToken(server, alice, call.roomID)).errCode).toBe(0);
    const third = await rtcToken(server, carol, call.roomID);
    expect(third.errCode).toBe(ErrCode.NO_PERMISSION);
    expect(third.status).toBe(403);
    expect((await rtcToken(server, carol, call.roomID, alice.userID)).errCode).toBe(ErrCode.NO_PERMISSION);
    expect((await rtcToken(server, carol, call.roomID, bob.userID)).errCode).toBe(ErrCode.NO_PERMISSION);
  });

  it('refuses an expired, bad or missing token before the upgrade, and a foreign Origin', async () => {
    const { aliceToken } = await ringing();
    expect(await rtcUpgradeStatus(server, aliceToken)).toBe(101);
    expect(await rtcUpgradeStatus(server, aliceToken, { Origin: 'https://evil.example' })).toBe(403);
    expect(await rtcUpgradeStatus(server, '')).toBe(401);
    expect(await rtcUpgradeStatus(server, `${aliceToken}x`)).toBe(401);
    // A session token is not a room token.
    const { alice } = await ringing();
    expect(await rtcUpgradeStatus(server, alice.imToken)).toBe(401);
    offset = 61_000;
    try {
      expect(await rtcUpgradeStatus(server, aliceToken)).toBe(401);
    } finally {
      offset = 0;
    }
  });

  it('relays signals only between the room’s two participants, with joins, leaves and ICE servers', async () => {
    const { alice, bob, b, call, aliceToken } = await ringing();
    // Another call, whose caller holds a valid token for her own room.
    const other = await ringing();

    const roomA = await RoomClient.open(server, aliceToken);
    expect(roomA.of('joined')[0].peers).toEqual([]);
    expect((await sendSignal(b, alice.userID, CallSignal.Accept, call)).errCode).toBe(0);
    const bobToken = (await rtcToken(server, bob as CallUser, call.roomID)).data!.token;
    const roomB = await RoomClient.open(server, bobToken);
    const intruder = await RoomClient.open(server, other.aliceToken);

    const [joined] = roomB.of('joined');
    expect(joined.peers).toEqual([alice.userID]);
    expect(joined.iceServers[0]).toEqual({ urls: ['stun:127.0.0.1:3478'] });
    const turn = joined.iceServers[1];
    expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp']);
    expect(turn.username).toMatch(new RegExp(`^\\d+:${bob.userID}$`));
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'));
    expect(await roomA.waitFor('peer-joined')).toEqual([{ type: 'peer-joined', userID: bob.userID }]);

    const offer = { description: { type: 'offer', sdp: 'v=0 offer' } };
    roomA.send({ type: 'signal', data: offer });
    expect(await roomB.waitFor('signal')).toEqual([{ type: 'signal', from: alice.userID, data: offer }]);
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0' } };
    roomB.send({ type: 'signal', data: candidate });
    expect(await roomA.waitFor('signal')).toEqual([{ type: 'signal', from: bob.userID, data: candidate }]);
    // The third socket speaks into its own (empty) room: nobody hears it, and it heard nothing.
    intruder.send({ type: 'signal', data: { description: { type: 'offer', sdp: 'v=0 intruder' } } });
    roomA.send({ type: 'signal', data: { candidate: null } });
    await roomB.waitFor('signal', 2);
    expect(intruder.of('signal')).toEqual([]);
    expect(intruder.of('peer-joined')).toEqual([]);
    expect(roomA.of('signal')).toHaveLength(1);
    expect(roomB.of('signal')).toHaveLength(2);

    roomB.send({ type: 'leave' });
    expect((await roomB.closed).code).toBe(1000);
    expect(await roomA.waitFor('peer-left')).toEqual([{ type: 'peer-left', userID: bob.userID }]);
    // The last one out empties the room: the connected call ends (nobody hung up) and the room holds nothing.
    await roomA.close();
    await intruder.close();
    await expect.poll(() => server.app.calls.rooms.roomCount).toBe(0);
    expect((await rtcToken(server, alice, call.roomID)).errCode).toBe(ErrCode.NO_PERMISSION);
    expect(await rtcUpgradeStatus(server, aliceToken)).toBe(403);
  });

  it('closes the room’s sockets when the call ends, and a socket that sends a bad or oversized frame', async () => {
    const { alice, b, a, call, aliceToken } = await ringing();
    const room = await RoomClient.open(server, aliceToken);
    room.send('not json');
    expect((await room.closed).code).toBe(RoomCloseCode.Policy);
    const again = await RoomClient.open(server, aliceToken);
    again.send({ type: 'signal', data: { description: { type: 'offer', sdp: 'x'.repeat(70 * 1024) } } });
    expect((await again.closed).code).toBe(RoomCloseCode.Policy);
    const third = await RoomClient.open(server, aliceToken);
    expect((await sendSignal(b, alice.userID, CallSignal.Reject, call)).errCode).toBe(0);
    expect((await third.closed).code).toBe(RoomCloseCode.RoomClosed);
    expect(a).toBeDefined();
    await expect.poll(() => server.app.calls.rooms.roomCount).toBe(0);
  });
});
