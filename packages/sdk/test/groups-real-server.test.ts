import { describe, expect, it, vi } from 'vitest';
import {
  AT_ALL_TAG,
  ContentType,
  ErrCode,
  groupConversationID,
  GroupAtType,
  GroupVerification,
  HandleResult,
  parseGroupNotificationDetail,
  RoleLevel,
} from '@im/protocol';
import { errCodeOf } from './support/harness.ts';
import { registerFriends, useRealServer } from './support/real-server.ts';

/** The sdk's group calls and events against the real server: docs/sdk.md "Groups". */
describe('sdk groups against the real server', () => {
  const { server, loginSynced } = useRealServer();
  /** Three friends, logged in. */
  const trio = async () => {
    const sessions = await registerFriends(server, ['Olga', 'Bob', 'Cara']);
    const clients = [
      await loginSynced(sessions[0]),
      await loginSynced(sessions[1]),
      await loginSynced(sessions[2]),
    ];
    return { sessions, clients };
  };

  it('creates a group: members hear it, see its conversation and get its messages live', async () => {
    const { sessions, clients } = await trio();
    const [olgaS, bobS, caraS] = sessions;
    const [olga, bob, cara] = clients;
    const group = await olga.client.groups.createGroup({
      groupName: 'Hikers',
      memberUserIDs: [bobS.userID, caraS.userID],
    });
    expect(group).toMatchObject({ groupName: 'Hikers', ownerUserID: olgaS.userID, memberCount: 3 });
    const conversationID = groupConversationID(group.groupID);
    for (const t of [olga, bob, cara]) {
      await vi.waitFor(() =>
        expect(t.log.of('joinedGroupAdded')).toMatchObject([{ groupID: group.groupID }]),
      );
      await vi.waitFor(() =>
        expect(t.received().map((m) => m.contentType)).toContain(ContentType.GroupCreated),
      );
    }
    const created = bob.received().find((m) => m.contentType === ContentType.GroupCreated)!;
    expect(parseGroupNotificationDetail(created.notificationElem?.detail)?.memberList).toHaveLength(3);
    await vi.waitFor(async () =>
      expect(
        (await bob.client.conversations.getConversationListSplit(0, 20)).find(
          (c) => c.conversationID === conversationID,
        ),
      ).toMatchObject({ groupID: group.groupID, showName: 'Hikers', conversationType: 3 }),
    );
    expect(await bob.client.groups.getJoinedGroupList()).toMatchObject([{ groupID: group.groupID }]);
    const members = await cara.client.groups.getGroupMemberList({ groupID: group.groupID });
    // The owner first; members who joined together are in user ID order.
    expect(members.map((m) => [m.nickname, m.roleLevel])[0]).toEqual(['Olga', RoleLevel.Owner]);
    expect(
      members
        .slice(1)
        .map((m) => [m.nickname, m.roleLevel])
        .sort(),
    ).toEqual([
      ['Bob', RoleLevel.Member],
      ['Cara', RoleLevel.Member],
    ]);

    const sent = await bob.client.messages.sendMessage({
      recvID: '',
      groupID: group.groupID,
      message: bob.client.messages.createTextMessage('hello hikers'),
    });
    expect(sent).toMatchObject({ conversationID, groupID: group.groupID, sessionType: 3 });
    for (const t of [olga, cara])
      await vi.waitFor(() => expect(t.received().map((m) => m.textElem?.content)).toContain('hello hikers'));
    await vi.waitFor(async () =>
      expect(
        (await cara.client.conversations.getConversationListSplit(0, 20)).find(
          (c) => c.conversationID === conversationID,
        ),
      ).toMatchObject({ unreadCount: 1 }),
    );
  });

  it('@mentions mark the mentioned member’s conversation until read; @all is the managers’', async () => {
    const { sessions, clients } = await trio();
    const [, bobS, caraS] = sessions;
    const [olga, bob, cara] = clients;
    const { groupID } = await olga.client.groups.createGroup({
      groupName: 'G',
      memberUserIDs: [bobS.userID, caraS.userID],
    });
    const conversationID = groupConversationID(groupID);
    const at = bob.client.messages.createTextAtMessage({
      text: '@Cara hi',
      atUserIDList: [caraS.userID],
      atUsersInfo: [{ atUserID: caraS.userID, groupNickname: 'Cara' }],
    });
    await bob.client.messages.sendMessage({ recvID: '', groupID, message: at });
    const caraItem = async () =>
      (await cara.client.conversations.getConversationListSplit(0, 20)).find(
        (c) => c.conversationID === conversationID,
      );
    await vi.waitFor(async () => expect((await caraItem())?.groupAtType).toBe(GroupAtType.AtMe));
    await vi.waitFor(async () =>
      expect(
        (await olga.client.conversations.getConversationListSplit(0, 20)).find(
          (c) => c.conversationID === conversationID,
        )?.groupAtType,
      ).toBe(GroupAtType.None),
    );
    await cara.client.messages.markConversationMessageAsRead(conversationID);
    expect((await caraItem())?.groupAtType).toBe(GroupAtType.None);
    const all = bob.client.messages.createTextAtMessage({ text: '@all', atUserIDList: [AT_ALL_TAG] });
    expect(await errCodeOf(bob.client.messages.sendMessage({ recvID: '', groupID, message: all }))).toBe(
      ErrCode.NO_PERMISSION,
    );
    await olga.client.messages.sendMessage({
      recvID: '',
      groupID,
      message: olga.client.messages.createTextAtMessage({ text: '@all meet', atUserIDList: [AT_ALL_TAG] }),
    });
    await vi.waitFor(async () => expect((await caraItem())?.groupAtType).toBe(GroupAtType.AtAll));
  });

  it('applications, mutes and kicks: the right people hear each step, blocked sends say why', async () => {
    const { sessions, clients } = await trio();
    const [, bobS, caraS] = sessions;
    const [olga, bob, cara] = clients;
    const { groupID } = await olga.client.groups.createGroup({
      groupName: 'Club',
      memberUserIDs: [bobS.userID],
      needVerification: GroupVerification.AllNeed,
    });
    expect(await cara.client.groups.searchGroup(groupID)).toEqual([
      { groupID, groupName: 'Club', faceURL: '', memberCount: 2, needVerification: 1 },
    ]);
    const applied = await cara.client.groups.joinGroup({ groupID, reqMsg: 'me too' });
    expect(applied).toMatchObject({ joined: false, application: { handleResult: HandleResult.Pending } });
    await vi.waitFor(() => expect(olga.log.of('groupApplicationAdded')).toHaveLength(1));
    expect(await olga.client.groups.getGroupApplicationListAsRecipient()).toMatchObject([
      { userID: caraS.userID },
    ]);
    expect(await cara.client.groups.getGroupApplicationListAsApplicant()).toMatchObject([{ groupID }]);
    await olga.client.groups.acceptGroupApplication({ groupID, fromUserID: caraS.userID });
    await vi.waitFor(() => expect(cara.log.of('groupApplicationAccepted')).toHaveLength(1));
    await vi.waitFor(() =>
      expect(cara.log.of('joinedGroupAdded')).toMatchObject([{ groupID, memberCount: 3 }]),
    );
    await vi.waitFor(() => expect(bob.log.of('groupMemberAdded')).toMatchObject([{ userID: caraS.userID }]));

    await olga.client.groups.changeGroupMemberMute({ groupID, userID: bobS.userID, mutedSeconds: 300 });
    await vi.waitFor(() =>
      expect(bob.log.of('groupMemberInfoChanged').at(-1)?.muteEndTime).toBeGreaterThan(Date.now()),
    );
    const blocked = bob.client.messages.createTextMessage('let me talk');
    expect(await errCodeOf(bob.client.messages.sendMessage({ recvID: '', groupID, message: blocked }))).toBe(
      ErrCode.GROUP_MEMBER_MUTED,
    );
    await olga.client.groups.changeGroupMute({ groupID, isMute: true });
    await vi.waitFor(() => expect(cara.log.of('groupInfoChanged').at(-1)?.status).toBe(3));
    expect(
      await errCodeOf(
        cara.client.messages.sendMessage({
          recvID: '',
          groupID,
          message: cara.client.messages.createTextMessage('hi'),
        }),
      ),
    ).toBe(ErrCode.GROUP_MUTED);

    await olga.client.groups.kickGroupMember({ groupID, userIDList: [caraS.userID] });
    await vi.waitFor(() => expect(cara.log.of('joinedGroupDeleted')).toMatchObject([{ groupID }]));
    await vi.waitFor(() =>
      expect(bob.log.of('groupMemberDeleted')).toMatchObject([{ userID: caraS.userID }]),
    );
    await vi.waitFor(() =>
      expect(cara.received().at(-1)).toMatchObject({ contentType: ContentType.MemberKicked }),
    );
    expect(await cara.client.groups.getJoinedGroupList()).toEqual([]);
    expect(await errCodeOf(cara.client.groups.getGroupMemberList({ groupID }))).toBe(ErrCode.NOT_FOUND);
    expect(await errCodeOf(olga.client.groups.quitGroup(groupID))).toBe(ErrCode.GROUP_OWNER_CANNOT_QUIT);
  });
});
