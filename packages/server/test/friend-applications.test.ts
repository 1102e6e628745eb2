import { describe, expect, it } from 'vitest';
import {
  ContentType,
  ErrCode,
  FriendPath,
  HandleResult,
  ImPath,
  singleConversationID,
  WsPush,
} from '@im/protocol';
import type {
  FriendAddedDetail,
  FriendApplication,
  FriendApplicationsResp,
  FriendListResp,
  HistoryResp,
  MessageItem,
  NoticeFrame,
} from '@im/protocol';
import { api } from './support/friends.ts';
import { GatewayClient } from './support/gateway.ts';
import { databases, post, registerUser, updateProfile } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Friend applications: apply, replace, accept with the 1204 notice, reject, the refusals and the pushes. */
describe.each(databases)('friend applications on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const apply = (from: User, to: User, reqMsg = 'hello') =>
    api<FriendApplication>(server, from, FriendPath.addFriend, { toUserID: to.userID, reqMsg });
  const respond = (user: User, from: User, handleResult: number, extra: Record<string, unknown> = {}) =>
    api<FriendApplication>(server, user, FriendPath.respondFriendApplication, {
      fromUserID: from.userID,
      handleResult,
      ...extra,
    });
  const received = async (user: User) =>
    (await api<FriendApplicationsResp>(server, user, FriendPath.getApplicationsAsRecipient, {})).data!;
  const sent = async (user: User) =>
    (await api<FriendApplicationsResp>(server, user, FriendPath.getApplicationsAsApplicant, {})).data!;
  const friendsOf = async (user: User) =>
    (await api<FriendListResp>(server, user, FriendPath.getFriendList, {})).data!.friends.map(
      (f) => f.userID,
    );
  const notices = (socket: GatewayClient) => socket.pushesOf<NoticeFrame>(WsPush.Notice);
  const waitForNotices = (socket: GatewayClient, count: number) =>
    socket.waitForPushes<NoticeFrame>(WsPush.Notice, count);

  it('sends an application with its message; both sides list it and hear of it', async () => {
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server, { nickname: 'Bob' });
    const [a2, b] = await Promise.all([connect(alice), connect(bob)]);
    const answer = await apply(alice, bob, 'I am Alice');
    expect(answer.errCode).toBe(0);
    expect(answer.data).toMatchObject({
      fromUserID: alice.userID,
      fromNickname: 'Alice',
      toUserID: bob.userID,
      toNickname: 'Bob',
      reqMsg: 'I am Alice',
      handleResult: HandleResult.Pending,
      handleMsg: '',
      handleTime: 0,
    });
    expect(answer.data!.createTime).toBeGreaterThan(0);
    expect(await received(bob)).toEqual({ applications: [answer.data], total: 1 });
    expect(await sent(alice)).toEqual({ applications: [answer.data], total: 1 });
    expect(await received(alice)).toEqual({ applications: [], total: 0 });
    // The recipient's devices and the applicant's other devices.
    expect(await waitForNotices(b, 1)).toEqual([{ event: 'friendApplicationAdded', data: answer.data }]);
    expect(await waitForNotices(a2, 1)).toEqual([{ event: 'friendApplicationAdded', data: answer.data }]);
  });

  it('replaces a pending application with a new one (one per pair, the new message)', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await apply(alice, bob, 'first');
    const second = await apply(alice, bob, 'second');
    expect(second.data).toMatchObject({ reqMsg: 'second', handleResult: HandleResult.Pending });
    const list = await received(bob);
    expect(list.total).toBe(1);
    expect(list.applications.map((a) => a.reqMsg)).toEqual(['second']);
    // A rejected application is replaced by a new one too: pending again, the old answer gone.
    await respond(bob, alice, HandleResult.Rejected, { handleMsg: 'no' });
    const third = await apply(alice, bob, 'please');
    expect(third.data).toMatchObject({ reqMsg: 'please', handleResult: 0, handleMsg: '', handleTime: 0 });
    expect((await received(bob)).applications).toHaveLength(1);
  });

  it('accepts with a remark: both are friends, the 1204 notice is stored with a seq and reaches both', async () => {
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server, { nickname: 'Bob' });
    await apply(alice, bob, 'hi');
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    const accepted = await respond(bob, alice, HandleResult.Approved, {
      handleMsg: 'welcome',
      remark: 'Ally',
    });
    expect(accepted.errCode).toBe(0);
    expect(accepted.data).toMatchObject({
      handleResult: HandleResult.Approved,
      handleMsg: 'welcome',
      handlerUserID: bob.userID,
    });
    expect(accepted.data!.handleTime).toBeGreaterThan(0);
    expect(await friendsOf(alice)).toEqual([bob.userID]);
    expect(await friendsOf(bob)).toEqual([alice.userID]);
    const bobsView = (await api<FriendListResp>(server, bob, FriendPath.getFriendList, {})).data!.friends[0];
    expect(bobsView).toMatchObject({
      ownerUserID: bob.userID,
      userID: alice.userID,
      nickname: 'Alice',
      remark: 'Ally',
    });

    const id = singleConversationID(alice.userID, bob.userID);
    const history = await post<HistoryResp>(
      server,
      `/api${ImPath.getHistory}`,
      { conversationID: id },
      alice.imToken,
    );
    const [notice] = history.data!.messages;
    expect(history.data!.messages).toHaveLength(1);
    expect(notice).toMatchObject({
      seq: 1,
      contentType: ContentType.FriendAdded,
      sendID: bob.userID,
      recvID: alice.userID,
      msgFrom: 200,
      conversationID: id,
    });
    const detail = JSON.parse(notice.notificationElem!.detail) as FriendAddedDetail;
    expect(detail).toMatchObject({
      fromUserID: alice.userID,
      toUserID: bob.userID,
      opUser: { userID: bob.userID, nickname: 'Bob' },
    });
    for (const socket of [a, b])
      expect(await socket.waitForPushes<MessageItem>(WsPush.NewMessage)).toEqual([notice]);

    // Each side hears the acceptance and its own new friend (with its own remark).
    await waitForNotices(a, 2);
    await waitForNotices(b, 2);
    expect(notices(a)).toEqual([
      { event: 'friendApplicationAccepted', data: accepted.data },
      {
        event: 'friendAdded',
        data: expect.objectContaining({ ownerUserID: alice.userID, userID: bob.userID, remark: '' }),
      },
    ]);
    expect(notices(b)).toEqual([
      { event: 'friendApplicationAccepted', data: accepted.data },
      {
        event: 'friendAdded',
        data: expect.objectContaining({ ownerUserID: bob.userID, userID: alice.userID, remark: 'Ally' }),
      },
    ]);
    // The notice is not unread for anyone, and now they may message each other.
    const unread = await post<{ total: number }>(server, `/api${ImPath.getTotalUnread}`, {}, alice.imToken);
    expect(unread.data!.total).toBe(0);
    expect((await a.sendText(bob.userID, 'hi Bob')).seq).toBe(2);
  });

  it('rejects with a message: no friendship, both sides hear it, and it cannot be handled twice', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await apply(alice, bob);
    const a = await connect(alice);
    const rejected = await respond(bob, alice, HandleResult.Rejected, { handleMsg: 'who are you?' });
    expect(rejected.data).toMatchObject({ handleResult: HandleResult.Rejected, handleMsg: 'who are you?' });
    expect(await waitForNotices(a, 1)).toEqual([{ event: 'friendApplicationRejected', data: rejected.data }]);
    expect(await friendsOf(alice)).toEqual([]);
    expect((await sent(alice)).applications[0]).toEqual(rejected.data);
    for (const result of [HandleResult.Approved, HandleResult.Rejected]) {
      const again = await respond(bob, alice, result);
      expect(again).toMatchObject({ errCode: ErrCode.APPLICATION_NOT_FOUND, status: 404 });
    }
    // Nobody applied the other way.
    expect((await respond(alice, bob, HandleResult.Approved)).errCode).toBe(ErrCode.APPLICATION_NOT_FOUND);
    expect(await friendsOf(bob)).toEqual([]);
  });

  it('makes both friends at once when the recipient had already applied to the applicant', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const theirs = await apply(bob, alice, 'from Bob');
    const b = await connect(bob);
    const mine = await apply(alice, bob, 'from Alice');
    expect(mine.data).toMatchObject({
      fromUserID: alice.userID,
      handleResult: HandleResult.Approved,
      reqMsg: 'from Alice',
    });
    expect(await friendsOf(alice)).toEqual([bob.userID]);
    expect(await friendsOf(bob)).toEqual([alice.userID]);
    expect((await received(alice)).applications[0]).toMatchObject({
      fromUserID: bob.userID,
      createTime: theirs.data!.createTime,
      handleResult: HandleResult.Approved,
      handlerUserID: alice.userID,
    });
    const [notice] = await b.waitForPushes<MessageItem>(WsPush.NewMessage);
    expect(notice).toMatchObject({ seq: 1, contentType: ContentType.FriendAdded, sendID: alice.userID });
    await waitForNotices(b, 3);
    expect(notices(b).map((n) => n.event)).toEqual([
      'friendApplicationAccepted',
      'friendApplicationAccepted',
      'friendAdded',
    ]);
  });

  it('refuses with clear codes and changes nothing: privacy flag, already friends, self, unknown user', async () => {
    const alice = await registerUser(server);
    const private_ = await registerUser(server);
    const flag = await updateProfile(server, private_, { userID: private_.userID, allowAddFriend: 2 });
    expect(flag.errCode).toBe(0);
    const refused = await apply(alice, private_);
    expect(refused).toMatchObject({
      errCode: ErrCode.FRIEND_ADD_DENIED,
      errMsg: 'the other party has been set up not to be added as a friend',
      status: 403,
    });
    expect(await received(private_)).toEqual({ applications: [], total: 0 });
    expect(await sent(alice)).toEqual({ applications: [], total: 0 });
    // The flagged user may still apply; accepting it is their own choice.
    await apply(private_, alice);
    expect((await respond(alice, private_, HandleResult.Approved)).errCode).toBe(0);
    expect((await apply(alice, private_)).errCode).toBe(ErrCode.ALREADY_FRIEND);
    expect((await apply(private_, alice)).errCode).toBe(ErrCode.ALREADY_FRIEND);

    expect((await apply(alice, alice)).errCode).toBe(ErrCode.ARGS);
    const unknown = await api(server, alice, FriendPath.addFriend, { toUserID: '0000000000' });
    expect(unknown.errCode).toBe(ErrCode.NOT_FOUND);
    const bad = await api(server, alice, FriendPath.addFriend, {
      toUserID: private_.userID,
      reqMsg: 'x'.repeat(300),
    });
    expect(bad.errCode).toBe(ErrCode.ARGS);
    const badResult = await api(server, alice, FriendPath.respondFriendApplication, {
      fromUserID: private_.userID,
      handleResult: 0,
    });
    expect(badResult.errCode).toBe(ErrCode.ARGS);
    const noToken = await post(server, `/api${FriendPath.addFriend}`, { toUserID: alice.userID });
    expect(noToken).toMatchObject({ errCode: ErrCode.TOKEN_MISSING, status: 401 });
  });

  it('pages application lists newest first with the total', async () => {
    const me = await registerUser(server);
    const others = await Promise.all(Array.from({ length: 5 }, () => registerUser(server)));
    for (const other of others) {
      await apply(other, me, `from ${other.userID}`);
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct times, so the order is defined
    }
    const page = await api<FriendApplicationsResp>(server, me, FriendPath.getApplicationsAsRecipient, {
      offset: 1,
      count: 2,
    });
    expect(page.data!.total).toBe(5);
    expect(page.data!.applications.map((a) => a.fromUserID)).toEqual([others[3].userID, others[2].userID]);
  });
});
