import { describe, expect, it } from 'vitest';
import { ErrCode, groupConversationID, GroupPath, GroupStatus, ImPath, WsPush, WsReq } from '@im/protocol';
import type {
  ConversationListResp,
  GroupInfo,
  GroupsInfoResp,
  HistoryResp,
  JoinedGroupListResp,
  MessageItem,
  SearchGroupResp,
} from '@im/protocol';
import { api } from './support/friends.ts';
import { GatewayClient } from './support/gateway.ts';
import { createTeam, groupCall, groupText } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Who may speak in a group: member mutes, mute all, dismissed and banned groups; fan-out; revokes. */
describe.each(databases)('group sends on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  /** Owner, admin and two members, each with a socket. */
  const team = async () => {
    const { users, groupID } = await createTeam(server, ['Owner', 'Admin', 'Member', 'Other']);
    const [owner, admin, member, other] = users;
    const [o, a, m, x] = await Promise.all(users.map((u) => connect(u)));
    return { owner, admin, member, other, o, a, m, x, groupID };
  };
  const send = (client: GatewayClient, groupID: string, text: string) =>
    client.request<MessageItem>(WsReq.SendMsg, groupText(groupID, text));
  const setDbStatus = (groupID: string, status: number) =>
    server.app.messenger.db.updateTable('groups').set({ status }).where('groupId', '=', groupID).execute();

  it('fans a group message out to every member’s sockets, the sender’s own socket answered instead', async () => {
    const { o, a, m, x, groupID } = await team();
    const sent = await m.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'hello all'));
    expect(sent).toMatchObject({ conversationID: groupConversationID(groupID), groupID, sessionType: 3 });
    for (const client of [o, a, x]) {
      const pushes = await client.waitForPushes<MessageItem>(WsPush.NewMessage);
      expect(pushes.at(-1)).toMatchObject({ clientMsgID: sent.clientMsgID, senderNickname: 'Member' });
    }
    expect(m.pushesOf<MessageItem>(WsPush.NewMessage).some((p) => p.clientMsgID === sent.clientMsgID)).toBe(
      false,
    );
  });

  it('brings the group back for a member who deleted it, not for one who was kicked and deleted it', async () => {
    const { owner, member, other, o, groupID } = await team();
    const conversationID = groupConversationID(groupID);
    const listed = async (user: User) =>
      (
        await api<ConversationListResp>(server, user, ImPath.getConversationList, { offset: 0, count: 100 })
      ).data!.conversations.map((c) => c.conversationID);
    await groupCall(server, owner, GroupPath.kickGroupMember, { groupID, userIDList: [other.userID] });
    for (const user of [member, other])
      expect((await api(server, user, ImPath.deleteConversation, { conversationID })).errCode).toBe(0);
    expect(await listed(member)).not.toContain(conversationID);

    expect((await send(o, groupID, 'back again')).errCode).toBe(0);
    expect(await listed(member)).toContain(conversationID);
    expect(await listed(other)).not.toContain(conversationID);
    expect(await listed(owner)).toContain(conversationID);
  });

  it('a muted member gets 1402 until unmuted or the mute ends; others speak', async () => {
    const { owner, admin, member, a, m, x, groupID } = await team();
    await groupCall(server, admin, GroupPath.changeGroupMemberMute, {
      groupID,
      userID: member.userID,
      mutedSeconds: 600,
    });
    const refused = await send(m, groupID, 'can I?');
    expect(refused.errCode).toBe(ErrCode.GROUP_MEMBER_MUTED);
    expect(refused.errMsg).toContain('you have been muted');
    expect((await send(x, groupID, 'I can')).errCode).toBe(0);
    // Admins are muted only by the owner, and it holds for them too.
    expect(
      (
        await api(server, admin, GroupPath.changeGroupMemberMute, {
          groupID,
          userID: owner.userID,
          mutedSeconds: 60,
        })
      ).errCode,
    ).toBe(ErrCode.NO_PERMISSION);
    await groupCall(server, owner, GroupPath.changeGroupMemberMute, {
      groupID,
      userID: admin.userID,
      mutedSeconds: 60,
    });
    expect((await send(a, groupID, 'admin muted')).errCode).toBe(ErrCode.GROUP_MEMBER_MUTED);
    await groupCall(server, owner, GroupPath.changeGroupMemberMute, {
      groupID,
      userID: member.userID,
      mutedSeconds: 0,
    });
    expect((await send(m, groupID, 'free again')).errCode).toBe(0);
    // A mute whose end has passed blocks nothing. Written past the services, with the member version
    // bump every member write makes (member-queries.ts), so that the send reads the row again.
    await server.app.messenger.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('groups')
        .set((eb) => ({ memberVersion: eb('memberVersion', '+', 1) }))
        .where('groupId', '=', groupID)
        .execute();
      await trx
        .updateTable('groupMembers')
        .set({ muteEndTime: Date.now() - 1000 })
        .where('groupId', '=', groupID)
        .where('userId', '=', admin.userID)
        .execute();
    });
    expect((await send(a, groupID, 'the mute is over')).errCode).toBe(0);
  });

  it('mute all: members get 1401, the owner and admins speak; lifting it lets everyone speak', async () => {
    const { owner, admin, o, a, m, groupID } = await team();
    const muted = await groupCall<GroupInfo>(server, admin, GroupPath.changeGroupMute, {
      groupID,
      isMute: true,
    });
    expect(muted.status).toBe(GroupStatus.Muted);
    const refused = await send(m, groupID, 'hello?');
    expect(refused.errCode).toBe(ErrCode.GROUP_MUTED);
    expect(refused.errMsg).toContain('all members are muted');
    expect((await send(o, groupID, 'owner speaks')).errCode).toBe(0);
    expect((await send(a, groupID, 'admin speaks')).errCode).toBe(0);
    await groupCall(server, owner, GroupPath.changeGroupMute, { groupID, isMute: false });
    expect((await send(m, groupID, 'member speaks')).errCode).toBe(0);
    const [info] = (
      await groupCall<GroupsInfoResp>(server, admin, GroupPath.getGroupsInfo, { groupIDs: [groupID] })
    ).groups;
    expect(info.status).toBe(GroupStatus.Normal);
  });

  it('a dismissed group is read-only: 1403 for sends and changes, reads still answer', async () => {
    const { owner, admin, member, other, o, m, groupID } = await team();
    await send(m, groupID, 'last words');
    await groupCall(server, owner, GroupPath.dismissGroup, { groupID });
    for (const client of [o, m]) {
      const refused = await send(client, groupID, 'anyone?');
      expect(refused.errCode).toBe(ErrCode.GROUP_DISMISSED);
      expect(refused.errMsg).toContain('the group has been disbanded');
    }
    const changes: [User, string, unknown][] = [
      [owner, GroupPath.setGroupInfo, { groupID, groupName: 'Again' }],
      [owner, GroupPath.changeGroupMute, { groupID, isMute: true }],
      [owner, GroupPath.kickGroupMember, { groupID, userIDList: [other.userID] }],
      [owner, GroupPath.transferGroupOwner, { groupID, newOwnerUserID: admin.userID }],
      [owner, GroupPath.dismissGroup, { groupID }],
      [admin, GroupPath.changeGroupMemberMute, { groupID, userID: member.userID, mutedSeconds: 60 }],
      [member, GroupPath.quitGroup, { groupID }],
      [member, GroupPath.inviteUserToGroup, { groupID, userIDList: [owner.userID] }],
      [member, GroupPath.setGroupMemberNickname, { groupID, userID: member.userID, groupNickname: 'x' }],
    ];
    for (const [user, path, body] of changes)
      expect((await api(server, user, path, body)).errCode, path).toBe(ErrCode.GROUP_DISMISSED);
    // Members still read the group and its history; it leaves their joined list and the search.
    const [info] = (
      await groupCall<GroupsInfoResp>(server, member, GroupPath.getGroupsInfo, { groupIDs: [groupID] })
    ).groups;
    expect(info).toMatchObject({ status: GroupStatus.Dismissed, memberCount: 4, groupName: 'Team' });
    const history = await groupCall<HistoryResp>(server, member, ImPath.getHistory, {
      conversationID: groupConversationID(groupID),
    });
    expect(history.messages.map((x) => x.textElem?.content).filter(Boolean)).toEqual(['last words']);
    expect(history.messages.at(-1)?.contentType).toBe(1511);
    expect(
      (await groupCall<JoinedGroupListResp>(server, member, GroupPath.getJoinedGroupList, {})).total,
    ).toBe(0);
    const outsider = await registerUser(server, { nickname: 'Outsider' });
    expect(
      (await groupCall<SearchGroupResp>(server, outsider, GroupPath.searchGroup, { keyword: groupID }))
        .groups,
    ).toEqual([]);
    expect((await api(server, outsider, GroupPath.joinGroup, { groupID })).errCode).toBe(ErrCode.NOT_FOUND);
  });

  it('a banned group refuses sends and changes with 1404', async () => {
    const { owner, o, m, groupID } = await team();
    await setDbStatus(groupID, GroupStatus.Banned);
    expect((await send(m, groupID, 'hi')).errCode).toBe(ErrCode.GROUP_BANNED);
    expect((await send(o, groupID, 'hi')).errCode).toBe(ErrCode.GROUP_BANNED);
    expect((await api(server, owner, GroupPath.setGroupInfo, { groupID, groupName: 'B' })).errCode).toBe(
      ErrCode.GROUP_BANNED,
    );
  });

  it('revokes: the sender, the owner anyone’s, an admin members’ but not the owner’s', async () => {
    const { o, a, m, x, groupID } = await team();
    const conversationID = groupConversationID(groupID);
    const byMember = await m.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'member says'));
    const byOther = await x.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'other says'));
    const byOwner = await o.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'owner says'));
    const byAdmin = await a.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'admin says'));
    const revoke = (client: GatewayClient, seq: number) =>
      client.request(WsReq.Revoke, { conversationID, seq });
    expect((await revoke(x, byMember.seq)).errCode).toBe(ErrCode.NO_PERMISSION);
    expect((await revoke(a, byOwner.seq)).errCode).toBe(ErrCode.NO_PERMISSION);
    expect((await revoke(m, byMember.seq)).errCode).toBe(0);
    expect((await revoke(a, byOther.seq)).errCode).toBe(0);
    expect((await revoke(o, byAdmin.seq)).errCode).toBe(0);
    const revoked = await x.waitForPushes<MessageItem>(WsPush.NewMessage);
    expect(revoked.filter((p) => p.contentType === 2101)).toHaveLength(3);
  });
});
