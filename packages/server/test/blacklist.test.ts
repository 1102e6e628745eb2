import { describe, expect, it } from 'vitest';
import { ErrCode, FriendPath, HandleResult, WsPush, WsReq } from '@im/protocol';
import type { BlackInfo, BlackListResp, FriendListResp, IsFriendResp, NoticeFrame } from '@im/protocol';
import { api, makeFriends } from './support/friends.ts';
import { textSend } from './support/gateway.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** The blacklist: kept friendship, refused messages and applications, owner-only pushes. */
describe.each(databases)('blacklist on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const block = (owner: User, other: User) =>
    api<BlackInfo>(server, owner, FriendPath.addBlack, { blackUserID: other.userID });
  const unblock = (owner: User, other: User) =>
    api(server, owner, FriendPath.removeBlack, { blackUserID: other.userID });
  const blacks = async (owner: User) =>
    (await api<BlackListResp>(server, owner, FriendPath.getBlackList, {})).data!;

  it('adds, lists and removes; only the owner’s devices hear of it; repeats are no error', async () => {
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server, { nickname: 'Bob' });
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    const added = await block(alice, bob);
    expect(added.data).toMatchObject({ ownerUserID: alice.userID, userID: bob.userID, nickname: 'Bob' });
    expect(added.data!.createTime).toBeGreaterThan(0);
    expect(await blacks(alice)).toEqual({ blacks: [added.data], total: 1 });
    expect(await blacks(bob)).toEqual({ blacks: [], total: 0 });
    expect((await block(alice, bob)).data).toEqual(added.data);
    const check = await api<IsFriendResp>(server, alice, FriendPath.isFriend, { userID: bob.userID });
    expect(check.data).toEqual({ isFriend: false, isBlack: true });

    expect((await unblock(alice, bob)).errCode).toBe(0);
    expect((await unblock(alice, bob)).errCode).toBe(0);
    expect(await blacks(alice)).toEqual({ blacks: [], total: 0 });
    expect(await a.waitForPushes<NoticeFrame>(WsPush.Notice, 2)).toEqual([
      { event: 'blackAdded', data: added.data },
      { event: 'blackDeleted', data: added.data },
    ]);
    await b.call(WsReq.Heartbeat, {});
    expect(b.pushesOf(WsPush.Notice)).toEqual([]);

    expect((await block(alice, alice)).errCode).toBe(ErrCode.ARGS);
    expect((await api(server, alice, FriendPath.addBlack, { blackUserID: '0000000000' })).errCode).toBe(
      ErrCode.NOT_FOUND,
    );
    expect((await api(server, alice, FriendPath.addBlack, {})).errCode).toBe(ErrCode.ARGS);
    expect((await blacks(alice)).total).toBe(0);
  });

  it('keeps the friendship but refuses messages both ways until removed', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await makeFriends(server, alice, bob);
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    await block(alice, bob);
    expect((await api<FriendListResp>(server, alice, FriendPath.getFriendList, {})).data!.total).toBe(1);
    expect((await api<FriendListResp>(server, bob, FriendPath.getFriendList, {})).data!.total).toBe(1);

    const fromBlocked = await b.request(WsReq.SendMsg, textSend(alice.userID, 'hey'));
    expect(fromBlocked.errCode).toBe(ErrCode.BLOCKED_BY_PEER);
    expect((await b.request(WsReq.Typing, { recvID: alice.userID, msgTips: 'x' })).errCode).toBe(
      ErrCode.BLOCKED_BY_PEER,
    );
    const toBlocked = await a.request(WsReq.SendMsg, textSend(bob.userID, 'hey'));
    expect(toBlocked.errCode).toBe(ErrCode.IN_OWN_BLACKLIST);
    expect(a.pushesOf(WsPush.NewMessage)).toEqual([]);

    await unblock(alice, bob);
    expect((await b.sendText(alice.userID, 'back')).seq).toBe(2);
  });

  it('refuses applications from a blocked user and to a user one has blocked; no accepting them either', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const carol = await registerUser(server);
    await block(alice, bob);
    const fromBlocked = await api(server, bob, FriendPath.addFriend, { toUserID: alice.userID });
    expect(fromBlocked).toMatchObject({ errCode: ErrCode.BLOCKED_BY_PEER, status: 403 });
    const toBlocked = await api(server, alice, FriendPath.addFriend, { toUserID: bob.userID });
    expect(toBlocked.errCode).toBe(ErrCode.IN_OWN_BLACKLIST);
    expect((await api(server, alice, FriendPath.getApplicationsAsRecipient, {})).data).toEqual({
      applications: [],
      total: 0,
    });

    // An application that was pending before the block cannot be accepted while it lasts.
    await api(server, carol, FriendPath.addFriend, { toUserID: alice.userID });
    await block(alice, carol);
    const accept = await api(server, alice, FriendPath.respondFriendApplication, {
      fromUserID: carol.userID,
      handleResult: HandleResult.Approved,
    });
    expect(accept.errCode).toBe(ErrCode.IN_OWN_BLACKLIST);
    const pending = await api<{ applications: { handleResult: number }[] }>(
      server,
      alice,
      FriendPath.getApplicationsAsRecipient,
      {},
    );
    expect(pending.data!.applications.map((x) => x.handleResult)).toEqual([HandleResult.Pending]);
    expect((await api<FriendListResp>(server, alice, FriendPath.getFriendList, {})).data!.total).toBe(0);
  });
});
