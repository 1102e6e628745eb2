import { describe, expect, it } from 'vitest';
import { ContentType, ErrCode, FriendPath, ImPath, singleConversationID, WsPush, WsReq } from '@im/protocol';
import type {
  ConversationItem,
  ConversationsResp,
  DesignatedFriendsResp,
  FriendInfo,
  FriendListResp,
  IsFriendResp,
  MaxSeqsResp,
  NoticeFrame,
} from '@im/protocol';
import { api, makeFriends, onlineFriends } from './support/friends.ts';
import { textSend } from './support/gateway.ts';
import { databases, findFullInfo, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Friends: pages, remarks, deletion on both sides, and the friends-only send policy. */
describe.each(databases)('friends on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const page = async (user: User, offset: number, count: number) =>
    (await api<FriendListResp>(server, user, FriendPath.getFriendList, { offset, count })).data!;

  it('pages the friend list by offset and count, in friendship order, with the total', async () => {
    const me = await registerUser(server, { nickname: 'Me' });
    const friends = [];
    for (let i = 0; i < 7; i += 1) {
      const friend = await registerUser(server, { nickname: `F${i}` });
      await makeFriends(server, me, friend);
      friends.push(friend);
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct times, so the order is defined
    }
    const all = await page(me, 0, 10000);
    expect(all.total).toBe(7);
    expect(all.friends.map((f) => f.nickname)).toEqual(['F0', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    // Pages of 3, read as a client reads them (docs/api.md get_friend_list): stop at a short page.
    const seen: FriendInfo[] = [];
    for (let offset = 0; ; offset += 3) {
      const { friends: items } = await page(me, offset, 3);
      seen.push(...items);
      if (items.length < 3) break;
    }
    expect(seen).toEqual(all.friends);
    expect(seen[0]).toMatchObject({
      ownerUserID: me.userID,
      userID: friends[0].userID,
      remark: '',
      gender: 0,
    });
    // The other side sees the friendship too.
    expect((await page(friends[3], 0, 10)).friends.map((f) => f.userID)).toEqual([me.userID]);
    const designated = await api<DesignatedFriendsResp>(server, me, FriendPath.getDesignatedFriends, {
      friendUserIDs: [friends[1].userID, '0000000000'],
    });
    expect(designated.data!.friends.map((f) => f.userID)).toEqual([friends[1].userID]);
    expect((await api(server, me, FriendPath.getFriendList, { count: 10001 })).errCode).toBe(ErrCode.ARGS);
  });

  it('sets a remark: answered, pushed to the owner only, and the name of the owner’s conversation', async () => {
    const { alice, bob, a, b } = await onlineFriends(server, connect);
    const answer = await api<FriendInfo>(server, alice, FriendPath.setFriendRemark, {
      friendUserID: bob.userID,
      remark: 'Bobby',
    });
    expect(answer.data).toMatchObject({ userID: bob.userID, nickname: 'Bob', remark: 'Bobby' });
    expect(await a.waitForPushes<NoticeFrame>(WsPush.Notice)).toEqual([
      { event: 'friendInfoChanged', data: answer.data },
    ]);
    const [changed] = await a.waitForPushes<ConversationItem[]>(WsPush.ConversationChanged);
    expect(changed[0]).toMatchObject({ showName: 'Bobby', userID: bob.userID });
    const id = singleConversationID(alice.userID, bob.userID);
    const items = await api<ConversationsResp>(server, alice, ImPath.getConversations, {
      conversationIDs: [id],
    });
    expect(items.data!.conversations[0].showName).toBe('Bobby');
    const theirs = await api<ConversationsResp>(server, bob, ImPath.getConversations, {
      conversationIDs: [id],
    });
    expect(theirs.data!.conversations[0].showName).toBe('Alice');
    const card = await findFullInfo(server, alice, bob.userID);
    expect(card.data!.users[0]).toMatchObject({ nickname: 'Bob', remark: 'Bobby' });
    await b.call(WsReq.Heartbeat, {});
    expect(b.pushesOf(WsPush.Notice)).toEqual([]);

    const stranger = await registerUser(server);
    const refused = await api(server, alice, FriendPath.setFriendRemark, {
      friendUserID: stranger.userID,
      remark: 'x',
    });
    expect(refused).toMatchObject({ errCode: ErrCode.NOT_FRIEND, status: 403 });
  });

  it('deletes a friend on both sides; both hear it and may no longer message each other', async () => {
    const { alice, bob, a, b } = await onlineFriends(server, connect);
    await a.sendText(bob.userID, 'bye');
    const deleted = await api(server, alice, FriendPath.deleteFriend, { friendUserID: bob.userID });
    expect(deleted.errCode).toBe(0);
    expect((await page(alice, 0, 10)).total).toBe(0);
    expect((await page(bob, 0, 10)).total).toBe(0);
    expect(await a.waitForPushes<NoticeFrame>(WsPush.Notice)).toEqual([
      {
        event: 'friendDeleted',
        data: expect.objectContaining({ ownerUserID: alice.userID, userID: bob.userID }),
      },
    ]);
    expect(await b.waitForPushes<NoticeFrame>(WsPush.Notice)).toEqual([
      {
        event: 'friendDeleted',
        data: expect.objectContaining({ ownerUserID: bob.userID, userID: alice.userID }),
      },
    ]);
    for (const [socket, peer] of [
      [a, bob],
      [b, alice],
    ] as const) {
      const refused = await socket.request(WsReq.SendMsg, textSend(peer.userID, 'still there?'));
      expect(refused.errCode).toBe(ErrCode.NOT_FRIEND);
    }
    const again = await api(server, alice, FriendPath.deleteFriend, { friendUserID: bob.userID });
    expect(again.errCode).toBe(ErrCode.NOT_FRIEND);
    const check = await api<IsFriendResp>(server, alice, FriendPath.isFriend, { userID: bob.userID });
    expect(check.data).toEqual({ isFriend: false, isBlack: false });
    // The conversation and its history stay.
    const maxSeqs = await a.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {});
    expect(maxSeqs.maxSeqs[singleConversationID(alice.userID, bob.userID)]).toBe(2);
  });

  it('refuses one-to-one sends, typing and online-only sends between non-friends with 1301; notes to self pass', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    const text = await a.request(WsReq.SendMsg, textSend(bob.userID, 'hello stranger'));
    expect(text.errCode).toBe(ErrCode.NOT_FRIEND);
    expect(text.errMsg).toContain('not a friend');
    const signal = await a.request(WsReq.SendMsg, {
      ...textSend(bob.userID, ''),
      contentType: ContentType.Custom,
      content: { data: JSON.stringify({ customType: 200, data: {} }) },
      isOnlineOnly: true,
    });
    expect(signal.errCode).toBe(ErrCode.NOT_FRIEND);
    const typing = await a.request(WsReq.Typing, { recvID: bob.userID, msgTips: 'yes' });
    expect(typing.errCode).toBe(ErrCode.NOT_FRIEND);
    expect((await b.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {})).maxSeqs).toEqual({});
    expect(b.pushes).toEqual([]);
    expect((await a.sendText(alice.userID, 'note')).seq).toBe(1);
    const check = await api<IsFriendResp>(server, alice, FriendPath.isFriend, { userID: bob.userID });
    expect(check.data).toEqual({ isFriend: false, isBlack: false });
  });
});
