import { describe, expect, it, vi } from 'vitest';
import { CallSignal, ErrCode, GroupPath, singleConversationID, WsClose, WsPush, WsReq } from '@im/protocol';
import type { LoginResp, MessageItem } from '@im/protocol';
import { invitation, RoomClient, rtcToken, sendSignal } from './support/calls.ts';
import type { CallUser } from './support/calls.ts';
import { makeFriends } from './support/friends.ts';
import { sessionQuery, upgradeStatus } from './support/gateway.ts';
import { groupCall, groupText, createTeam } from './support/groups.ts';
import { post, registerUser, updateProfile } from './support/http.ts';
import { useNodes } from './support/nodes.ts';

/**
 * Two nodes (two buildApp instances) on one PostgreSQL and one Redis (docs/operations.md#scale-out-redis):
 * what one node publishes reaches the sockets another node holds, once.
 */
describe('two nodes on PostgreSQL and Redis', () => {
  const { nodes, connect, startNode } = useNodes(2, { env: { GATEWAY_MAX_SOCKETS_PER_TOKEN: '2' } });

  async function friendsOnTwoNodes() {
    const alice = await registerUser(nodes[0], { nickname: 'Alice' });
    const bob = await registerUser(nodes[1], { nickname: 'Bob' });
    await makeFriends(nodes[0], alice, bob);
    const [a, b] = await Promise.all([connect(0, alice), connect(1, bob)]);
    return { alice, bob, a, b };
  }

  it('pushes a message stored on one node to the recipient on the other, once', async () => {
    const { alice, bob, a, b } = await friendsOnTwoNodes();
    const sent = await a.sendText(bob.userID, 'across nodes');
    const copies = (socket: typeof a) =>
      socket.pushesOf<MessageItem>(WsPush.NewMessage).filter((m) => m.serverMsgID === sent.serverMsgID);
    await vi.waitFor(() => expect(copies(b)).toHaveLength(1));
    expect(copies(b)[0]).toMatchObject({
      seq: sent.seq,
      sendID: alice.userID,
      textElem: { content: 'across nodes' },
    });
    // Once: no second copy arrives later (the publishing node skips its own Redis copy), and the
    // sending socket has the answer instead.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(copies(b)).toHaveLength(1);
    expect(copies(a)).toHaveLength(0);
  });

  it('pushes a group message to members on both nodes', async () => {
    const { users, groupID } = await createTeam(nodes[0], ['Olga', 'Adam', 'Mia']);
    const [o, ad, m] = await Promise.all([connect(0, users[0]), connect(1, users[1]), connect(1, users[2])]);
    const sent = await o.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'hello team'));
    for (const socket of [ad, m]) {
      const [got] = await socket.waitForPushes<MessageItem>(WsPush.NewMessage);
      expect(got).toMatchObject({ seq: sent.seq, groupID });
    }
  });

  it('sends from one node go by a membership change made on the other, at once', async () => {
    const { users, outsiders, groupID } = await createTeam(nodes[0], ['Olga', 'Adam', 'Kim', 'Ned'], {
      outsiders: ['Nia'],
    });
    const [owner, , kicked, witness] = users;
    const [newcomer] = outsiders;
    const [o, k, w, n] = await Promise.all([owner, kicked, witness, newcomer].map((u) => connect(1, u)));
    const texts = (socket: typeof o) =>
      socket.pushesOf<MessageItem>(WsPush.NewMessage).flatMap((m) => m.textElem?.content ?? []);
    // Node 1 keeps the group's member list (group/group-member-cache.ts); the changes are node 0's.
    await o.call(WsReq.SendMsg, groupText(groupID, 'kept'));
    await vi.waitFor(() => expect(texts(k)).toContain('kept'));
    await groupCall(nodes[0], owner, GroupPath.kickGroupMember, { groupID, userIDList: [kicked.userID] });
    await o.call(WsReq.SendMsg, groupText(groupID, 'after the kick'));
    await groupCall(nodes[0], owner, GroupPath.inviteUserToGroup, { groupID, userIDList: [newcomer.userID] });
    await o.call(WsReq.SendMsg, groupText(groupID, 'after the join'));
    await vi.waitFor(() => expect(texts(w)).toEqual(['kept', 'after the kick', 'after the join']));
    await vi.waitFor(() => expect(texts(n)).toEqual(['after the join']));
    expect(texts(k)).toEqual(['kept']);
  });

  it('kicks a socket on the other node when the same platform logs in again', async () => {
    const user = await registerUser(nodes[0]);
    const socket = await connect(1, user);
    const login = await post<LoginResp>(nodes[0], '/chat/account/login', {
      platform: 5,
      email: user.email,
      password: user.password,
    });
    expect(login.errCode).toBe(0);
    expect((await socket.closed).code).toBe(WsClose.Kicked);
    expect(socket.pushesOf(WsPush.KickOnline)).toHaveLength(1);
  });

  it('drops the cached sender on every node when a profile changes', async () => {
    const { alice, bob, a } = await friendsOnTwoNodes();
    // Node 1 caches Alice as the sender of her first message.
    expect((await a.sendText(bob.userID, 'one')).senderNickname).toBe('Alice');
    expect((await updateProfile(nodes[1], alice, { userID: alice.userID, nickname: 'Alicia' })).errCode).toBe(
      0,
    );
    // The change went through node 2; node 1's next message already names her anew (not after the TTL).
    await vi.waitFor(async () => {
      expect((await a.sendText(bob.userID, 'two')).senderNickname).toBe('Alicia');
    });
    const bobsView = await post<{ users: { nickname: string }[] }>(
      nodes[0],
      '/chat/user/find/full',
      { userIDs: [alice.userID] },
      bob.chatToken,
    );
    expect(bobsView.data?.users[0].nickname).toBe('Alicia');
  });

  it('relays a call, its room and its signals between the two ends on two nodes', async () => {
    const { alice, bob, a, b } = await friendsOnTwoNodes();
    const call = invitation(alice.userID, bob.userID);
    const aliceToken = (await rtcToken(nodes[0], alice as CallUser, call.roomID)).data!.token;
    expect((await sendSignal(a, bob.userID, CallSignal.Invite, call)).errCode).toBe(0);
    await b.waitForPushes(WsPush.OnlineOnly);
    const roomA = await RoomClient.open(nodes[0], aliceToken);
    expect((await sendSignal(b, alice.userID, CallSignal.Accept, call)).errCode).toBe(0);
    const bobToken = (await rtcToken(nodes[1], bob as CallUser, call.roomID)).data!.token;
    const roomB = await RoomClient.open(nodes[1], bobToken);
    expect(roomB.of('joined')[0].peers).toEqual([alice.userID]);
    expect(await roomA.waitFor('peer-joined')).toEqual([{ type: 'peer-joined', userID: bob.userID }]);
    const offer = { description: { type: 'offer', sdp: 'v=0 offer' } };
    roomA.send({ type: 'signal', data: offer });
    expect(await roomB.waitFor('signal')).toEqual([{ type: 'signal', from: alice.userID, data: offer }]);
    const answer = { description: { type: 'answer', sdp: 'v=0 answer' } };
    roomB.send({ type: 'signal', data: answer });
    expect(await roomA.waitFor('signal')).toEqual([{ type: 'signal', from: bob.userID, data: answer }]);
    await roomB.close();
    expect(await roomA.waitFor('peer-left')).toEqual([{ type: 'peer-left', userID: bob.userID }]);
    await roomA.close();
  });

  it('relays a room whose callee joins through a node started after the caller joined', async () => {
    const { alice, bob, a, b } = await friendsOnTwoNodes();
    const call = invitation(alice.userID, bob.userID);
    const aliceToken = (await rtcToken(nodes[0], alice as CallUser, call.roomID)).data!.token;
    expect((await sendSignal(a, bob.userID, CallSignal.Invite, call)).errCode).toBe(0);
    const roomA = await RoomClient.open(nodes[0], aliceToken);
    expect((await sendSignal(b, alice.userID, CallSignal.Accept, call)).errCode).toBe(0);
    // A node that never heard Alice's join (a restart, a node added meanwhile).
    const late = await startNode();
    const bobToken = (await rtcToken(late, bob as CallUser, call.roomID)).data!.token;
    const roomB = await RoomClient.open(late, bobToken);
    expect(await roomA.waitFor('peer-joined')).toEqual([{ type: 'peer-joined', userID: bob.userID }]);
    // Bob hears of Alice: in his joined frame's peers, or right after as peer-joined.
    await vi.waitFor(() => {
      const peers = [...roomB.of('joined')[0].peers, ...roomB.of('peer-joined').map((f) => f.userID)];
      expect(peers).toEqual([alice.userID]);
    });
    const answer = { description: { type: 'answer', sdp: 'v=0 late answer' } };
    roomB.send({ type: 'signal', data: answer });
    expect(await roomA.waitFor('signal')).toEqual([{ type: 'signal', from: bob.userID, data: answer }]);
    const offer = { description: { type: 'offer', sdp: 'v=0 offer' } };
    roomA.send({ type: 'signal', data: offer });
    expect(await roomB.waitFor('signal')).toEqual([{ type: 'signal', from: alice.userID, data: offer }]);
    await roomB.close();
    await roomA.close();
  });

  it('caps the sockets of one session across nodes', async () => {
    const user = await registerUser(nodes[0]);
    await connect(0, user);
    await connect(1, user);
    // Two sockets held, one on each node: the third upgrade is refused on either.
    expect(await upgradeStatus(nodes[0], sessionQuery(user))).toBe(429);
    expect(await upgradeStatus(nodes[1], sessionQuery(user))).toBe(429);
  });

  it('shares rate limits between the nodes', async () => {
    const searcher = await registerUser(nodes[0]);
    const search = (i: number) =>
      post(nodes[i % 2], '/chat/user/search/full', { keyword: 'nobody' }, searcher.chatToken);
    const limit = nodes[0].config.USER_SEARCHES_PER_MINUTE;
    for (let i = 0; i < limit; i += 1) expect((await search(i)).errCode).toBe(0);
    // Over the limit, counted on both nodes together: each node alone saw half of them.
    expect((await search(limit)).errCode).toBe(ErrCode.TOO_FREQUENT);
    expect((await search(limit + 1)).errCode).toBe(ErrCode.TOO_FREQUENT);
  });

  it('gives contiguous seqs without gaps or duplicates when both nodes send into one conversation', async () => {
    const { alice, bob, a, b } = await friendsOnTwoNodes();
    const perNode = 40;
    const sends = await Promise.all([
      ...Array.from({ length: perNode }, (_, i) => a.sendText(bob.userID, `a${i}`)),
      ...Array.from({ length: perNode }, (_, i) => b.sendText(alice.userID, `b${i}`)),
    ]);
    const seqs = sends.map((item) => item.seq).sort((x, y) => x - y);
    expect(new Set(seqs).size).toBe(2 * perNode);
    expect(seqs[seqs.length - 1] - seqs[0]).toBe(2 * perNode - 1);
    expect(new Set(sends.map((item) => item.conversationID))).toEqual(
      new Set([singleConversationID(alice.userID, bob.userID)]),
    );
  });
});
