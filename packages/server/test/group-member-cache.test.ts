import { describe, expect, it, vi } from 'vitest';
import { ErrCode, GroupPath, WsPush, WsReq } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { GroupMemberCache } from '../src/group/group-member-cache.ts';
import { findGroup } from '../src/group/group-queries.ts';
import { groupListOf } from '../src/push/push.ts';
import type { GatewayClient } from './support/gateway.ts';
import { createTeam, groupCall, groupText } from './support/groups.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const texts = (socket: GatewayClient) =>
  socket.pushesOf<MessageItem>(WsPush.NewMessage).flatMap((m) => m.textElem?.content ?? []);

/**
 * Group sends take the members from a list kept per group and member version
 * (group/group-member-cache.ts): every membership change is seen by the very next send, though the
 * send before it kept the list of before the change.
 */
describe.each(databases)('group member lists kept per member version on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  it('sends after a kick, a join and a mute go by the members of that moment', async () => {
    const { users, outsiders, groupID } = await createTeam(server, ['Olga', 'Adam', 'Kim', 'Ned'], {
      outsiders: ['Nia'],
    });
    const [owner, , kicked, witness] = users;
    const [newcomer] = outsiders;
    const [o, k, w, n] = await Promise.all([owner, kicked, witness, newcomer].map((u) => connect(u)));
    await o.call(WsReq.SendMsg, groupText(groupID, 'kept'));
    await vi.waitFor(() => expect(texts(k)).toContain('kept'));
    await groupCall(server, owner, GroupPath.kickGroupMember, { groupID, userIDList: [kicked.userID] });
    await o.call(WsReq.SendMsg, groupText(groupID, 'after the kick'));
    await groupCall(server, owner, GroupPath.inviteUserToGroup, { groupID, userIDList: [newcomer.userID] });
    await o.call(WsReq.SendMsg, groupText(groupID, 'after the join'));
    await vi.waitFor(() => expect(texts(w)).toEqual(['kept', 'after the kick', 'after the join']));
    await vi.waitFor(() => expect(texts(n)).toEqual(['after the join']));
    // One deliver call writes to the witness's and the kicked member's sockets alike.
    expect(texts(k)).toEqual(['kept']);
    expect((await w.request(WsReq.SendMsg, groupText(groupID, 'before the mute'))).errCode).toBe(0);
    await groupCall(server, owner, GroupPath.changeGroupMemberMute, {
      groupID,
      userID: witness.userID,
      mutedSeconds: 60,
    });
    expect((await w.request(WsReq.SendMsg, groupText(groupID, 'muted'))).errCode).toBe(
      ErrCode.GROUP_MEMBER_MUTED,
    );
    // An online-only send goes to the other members' sockets only (its recipients, not the kept list).
    const second = await connect(owner);
    const live = await o.call<MessageItem>(WsReq.SendMsg, {
      ...groupText(groupID, 'live'),
      isOnlineOnly: true,
    });
    expect(live.seq).toBe(0);
    const [got] = await n.waitForPushes<MessageItem>(WsPush.OnlineOnly);
    expect(got.textElem?.content).toBe('live');
    await vi.waitFor(() => expect(w.pushesOf(WsPush.OnlineOnly)).toHaveLength(1));
    expect([o, second, k].map((s) => s.pushesOf(WsPush.OnlineOnly).length)).toEqual([0, 0, 0]);
  });

  it('reads a group once per member version, and keeps no more members than its bound', async () => {
    const { db } = server.app.messenger;
    const cache = new GroupMemberCache(db, 5);
    const version = async (groupID: string) => (await findGroup(db, groupID))!.memberVersion;
    const teamA = await createTeam(server, ['A1', 'A2', 'A3']);
    const teamB = await createTeam(server, ['B1', 'B2', 'B3']);
    const first = await cache.get(teamA.groupID, await version(teamA.groupID));
    expect(await cache.get(teamA.groupID, await version(teamA.groupID))).toBe(first);
    expect(first?.ids).toHaveLength(3);
    // The list knows which it is: between nodes, a push to it goes as this (bus/push-wire.ts).
    expect(groupListOf(first!.ids)).toEqual({ groupID: teamA.groupID, version: first!.version });
    // Six members are past the bound of five: the group used least recently goes.
    await cache.get(teamB.groupID, await version(teamB.groupID));
    expect(cache.size).toBe(1);
    expect(await cache.get(teamA.groupID, await version(teamA.groupID))).not.toBe(first);
    // A later version is read again; the kept list is never of an earlier one.
    const [, , a3] = teamA.users;
    await groupCall(server, teamA.users[0], GroupPath.kickGroupMember, {
      groupID: teamA.groupID,
      userIDList: [a3.userID],
    });
    const after = await cache.get(teamA.groupID, await version(teamA.groupID));
    expect(after?.ids).not.toContain(a3.userID);
    expect(after?.version).toBeGreaterThan(first!.version);
    // A write that did not bump the version (an older node, a hand-made fix) is seen after the TTL.
    await db
      .insertInto('groupMembers')
      .values({ groupId: teamA.groupID, userId: a3.userID, roleLevel: 20, joinTime: 1, joinSource: 2 })
      .execute();
    const current = after!.version;
    expect((await cache.get(teamA.groupID, current))?.ids).not.toContain(a3.userID);
    expect((await cache.get(teamA.groupID, current, Date.now() + 31_000))?.ids).toContain(a3.userID);
  });
});
