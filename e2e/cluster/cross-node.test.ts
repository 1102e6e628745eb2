import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallSignal, ChatPath, groupConversationID, RTC_PATH, SessionType } from '@im/protocol';
import type { CallInvitation, RtcTokenResp } from '@im/protocol';
import type { WebSocketConstructor } from '@im/sdk';
import { RoomClient } from '../../packages/sdk/src/calls/room-client.ts';
import { befriend, call, register } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { useCluster } from './support/cluster.ts';
import { Ledger } from './support/ledger.ts';
import { connectUser, FAULT_TIMERS, logoutAll } from './support/sdk-user.ts';
import type { SdkUser } from './support/sdk-user.ts';

/**
 * Two people on different nodes (issue 13, faults: cross-node delivery), against real processes:
 * scripts/cluster.sh starts 2 nodes + HAProxy + PostgreSQL + Redis on loopback. Each sdk client is
 * placed on a chosen node by that node's own address. The quiet max-seq check is off and each step
 * waits for its receipt before the next send, so a message can only arrive by the cross-node push
 * (a pull would need a later push to reveal a gap).
 */
const PUSH_ONLY = { ...FAULT_TIMERS, periodicSyncMs: 0 };

describe('two people on different nodes', () => {
  const cluster = useCluster(2);
  const users: SdkUser[] = [];
  afterEach(() => logoutAll(users.splice(0)), 30_000);

  const on = async (node: number, account: Account) => {
    const user = await connectUser(cluster.get().nodeHost(node), account, PUSH_ONLY);
    users.push(user);
    await vi.waitFor(() => expect(user.of('syncFinish').length).toBeGreaterThan(0), { timeout: 10_000 });
    return user;
  };

  it('chat one to one and in a group: each message reaches the other node once, in order', async () => {
    const { url } = cluster.get();
    const [aliceA, bobA, carolA] = [
      await register(url, 'Alice'),
      await register(url, 'Bob'),
      await register(url, 'Carol'),
    ];
    await befriend(url, aliceA, bobA);
    await befriend(url, aliceA, carolA);
    const [alice, bob, carol] = [await on(1, aliceA), await on(2, bobA), await on(1, carolA)];
    const ledger = new Ledger();
    for (const u of [alice, bob, carol]) ledger.watch(u);
    // Texts only: the group's notices (created, joined) arrive on their own schedule.
    const received = (u: SdkUser) =>
      u
        .of('recvNewMessages')
        .flat()
        .filter((m) => m.textElem).length;

    // One to one, each message waited for on the other node before the next.
    for (let i = 0; i < 3; i += 1) {
      const before = received(bob);
      await ledger.send(alice, { recvID: bobA.userID }, [bobA.userID], `a→b ${i}`);
      await vi.waitFor(() => expect(received(bob)).toBe(before + 1), { timeout: 5_000 });
      const back = received(alice);
      await ledger.send(bob, { recvID: aliceA.userID }, [aliceA.userID], `b→a ${i}`);
      await vi.waitFor(() => expect(received(alice)).toBe(back + 1), { timeout: 5_000 });
    }

    // A group made on node 1 with a member on node 2: its notices and messages cross too.
    const group = await alice.client.groups.createGroup({
      groupName: 'Across',
      memberUserIDs: [bobA.userID, carolA.userID],
    });
    const members = [aliceA, bobA, carolA].map((a) => a.userID);
    for (const [sender, i] of [
      [bob, 0],
      [alice, 1],
      [carol, 2],
    ] as const) {
      const others = [alice, bob, carol].filter((u) => u !== sender);
      const before = others.map(received);
      const me = sender.account.userID;
      await ledger.send(
        sender,
        { recvID: '', groupID: group.groupID },
        members.filter((m) => m !== me),
        `group ${i}`,
      );
      await vi.waitFor(() => expect(others.map(received)).toEqual(before.map((n) => n + 1)), {
        timeout: 5_000,
      });
    }
    const report = ledger.report();
    expect(report).toMatchObject({ attempted: 9, acknowledged: 9, lost: [], duplicated: [], outOfOrder: [] });
    const inGroup = (u: SdkUser) =>
      u
        .of('recvNewMessages')
        .flat()
        .filter((m) => m.conversationID === groupConversationID(group.groupID) && m.textElem);
    expect(inGroup(bob).map((m) => m.textElem?.content)).toEqual(['group 1', 'group 2']);
  });

  it('ends a session on node 2 when the account logs in again through node 1', async () => {
    const bobA = await register(cluster.get().url, 'Bob');
    const bob = await on(2, bobA);
    const again = await call<{ imToken: string }>(
      `http://${cluster.get().nodeHost(1)}`,
      `/chat${ChatPath.login}`,
      { email: bobA.email, password: 'secret123', platform: 5 },
    );
    expect(again.imToken).toBeTruthy();
    await vi.waitFor(() => expect(bob.of('kickedOffline')).toHaveLength(1), { timeout: 10_000 });
  });

  it('a profile changed on node 2 reaches the user on node 1 and the names node 1 stamps', async () => {
    const { url, nodeHost } = cluster.get();
    const [aliceA, bobA] = [await register(url, 'Alice'), await register(url, 'Bob')];
    await befriend(url, aliceA, bobA);
    const [alice, bob] = [await on(1, aliceA), await on(2, bobA)];
    const texts = () =>
      bob
        .of('recvNewMessages')
        .flat()
        .filter((m) => m.textElem);
    // Node 1 stamps Alice's name on her sends: this one puts her in its cache.
    await alice.client.messages.sendMessage({
      recvID: bobA.userID,
      message: alice.client.messages.createTextMessage('before'),
    });
    await vi.waitFor(() => expect(texts()).toHaveLength(1), { timeout: 5_000 });
    expect(texts()[0].senderNickname).toBe('Alice');
    // The change goes through node 2's chat service, not through Alice's client.
    await call(
      `http://${nodeHost(2)}`,
      `/chat${ChatPath.updateUser}`,
      {
        userID: aliceA.userID,
        nickname: 'Alicia',
      },
      aliceA.chatToken,
    );
    await vi.waitFor(() => expect(alice.of('selfInfoUpdated').map((u) => u.nickname)).toContain('Alicia'), {
      timeout: 5_000,
    });
    await alice.client.messages.sendMessage({
      recvID: bobA.userID,
      message: alice.client.messages.createTextMessage('after'),
    });
    await vi.waitFor(() => expect(texts()).toHaveLength(2), { timeout: 5_000 });
    expect(texts()[1].senderNickname).toBe('Alicia');
  });

  it('a call rings on the other node and its room relays between the two nodes', async () => {
    const { url, nodeHost } = cluster.get();
    const [aliceA, bobA] = [await register(url, 'Alice'), await register(url, 'Bob')];
    await befriend(url, aliceA, bobA);
    const [alice, bob] = [await on(1, aliceA), await on(2, bobA)];
    const invitation: CallInvitation = {
      roomID: randomUUID(),
      inviterUserID: aliceA.userID,
      inviteeUserIDList: [bobA.userID],
      mediaType: 'audio',
      sessionType: SessionType.Single,
      groupID: '',
      timeout: 30,
      initiateTime: Date.now(),
    };
    // The invitation as the sdk's call module sends it: an online-only custom message.
    await alice.client.messages.sendMessage({
      recvID: bobA.userID,
      message: alice.client.messages.createCustomMessage({
        data: JSON.stringify({ customType: CallSignal.Invite, data: invitation }),
      }),
      isOnlineOnly: true,
    });
    await vi.waitFor(() => expect(bob.of('recvOnlineOnlyMessage')).toHaveLength(1), { timeout: 5_000 });
    // Each end joins the room on its own node; the relay crosses between them.
    const join = async (node: number, account: Account) => {
      const answer = await call<RtcTokenResp>(
        `http://${nodeHost(node)}`,
        `/chat${ChatPath.rtcToken}`,
        { room: invitation.roomID, identity: account.userID },
        account.chatToken,
      );
      // As the sdk's call media builds it (call-settings.ts roomServiceUrl, call-media.ts).
      const serverUrl = new URL(answer.serverUrl, `ws://${nodeHost(node)}${RTC_PATH}`).toString();
      const room = new RoomClient(
        `${serverUrl}?token=${encodeURIComponent(answer.token)}`,
        WebSocket as unknown as WebSocketConstructor,
      );
      const signals: unknown[] = [];
      const joinedPeers: string[] = [];
      room.events.on('signal', (s) => void signals.push(s.data));
      room.events.on('peerJoined', (p) => void joinedPeers.push(p));
      const joined = await room.join();
      return { room, signals, joinedPeers, joined };
    };
    const caller = await join(1, aliceA);
    const callee = await join(2, bobA);
    try {
      await vi.waitFor(() => expect(caller.joinedPeers).toEqual([bobA.userID]), { timeout: 5_000 });
      caller.room.signal({ description: { type: 'offer', sdp: 'v=0 offer' } });
      await vi.waitFor(() => expect(callee.signals).toHaveLength(1), { timeout: 5_000 });
      callee.room.signal({ description: { type: 'answer', sdp: 'v=0 answer' } });
      await vi.waitFor(() => expect(caller.signals).toHaveLength(1), { timeout: 5_000 });
      expect(callee.signals[0]).toMatchObject({ description: { type: 'offer' } });
    } finally {
      caller.room.leave();
      callee.room.leave();
    }
  });
});
