import { describe, expect, it, vi } from 'vitest';
import {
  ContentType,
  ErrCode,
  groupConversationID,
  GroupPath,
  ImPath,
  parseGroupNotificationDetail,
  RoleLevel,
  SessionType,
  WsPush,
} from '@im/protocol';
import type { GroupNotificationDetail, HistoryResp, MessageItem, NoticeFrame } from '@im/protocol';
import { api } from './support/friends.ts';
import { befriendAll, createGroup, groupCall } from './support/groups.ts';
import { databases, registerUser, uploadAvatar } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * Every group change is a 15xx notice in sg_<groupID>, with the detail fields of
 * docs/product.md#message, stored and pushed.
 */
describe.each(databases)('group notifications on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const history = async (user: User, groupID: string) =>
    (
      await groupCall<HistoryResp>(server, user, ImPath.getHistory, {
        conversationID: groupConversationID(groupID),
        count: 200,
      })
    ).messages;
  const detailOf = (m: MessageItem) => parseGroupNotificationDetail(m.notificationElem?.detail)!;
  const who = (user: User, nickname: string) => ({ userID: user.userID, nickname, faceURL: '' });

  it('stores each change with its detail, pushes it to the members and tells them by Notice', async () => {
    const users = await Promise.all(
      ['Olga', 'Adam', 'Mia', 'Ivan', 'Eve'].map((nickname) => registerUser(server, { nickname })),
    );
    const [olga, adam, mia, ivan, eve] = users;
    const face = await uploadAvatar(server, olga.imToken);
    await befriendAll(server, users);
    const watcher = await connect(mia);
    const group = await createGroup(server, olga, [adam, mia], { groupName: 'Club', needVerification: 2 });
    const { groupID } = group;
    const call = (user: User, path: string, body: Record<string, unknown>) =>
      groupCall(server, user, path, { groupID, ...body });

    await call(olga, GroupPath.setGroupInfo, { groupName: 'Club 2' });
    await call(olga, GroupPath.setGroupInfo, { notification: 'Be kind' });
    await call(olga, GroupPath.setGroupInfo, {
      faceURL: face,
      introduction: 'About us',
    });
    await call(olga, GroupPath.setGroupMemberRoleLevel, { userID: adam.userID, roleLevel: RoleLevel.Admin });
    await call(adam, GroupPath.inviteUserToGroup, { userIDList: [ivan.userID] });
    await call(eve, GroupPath.joinGroup, {});
    await call(adam, GroupPath.changeGroupMemberMute, { userID: mia.userID, mutedSeconds: 120 });
    await call(adam, GroupPath.changeGroupMemberMute, { userID: mia.userID, mutedSeconds: 0 });
    await call(adam, GroupPath.changeGroupMute, { isMute: true });
    await call(adam, GroupPath.changeGroupMute, { isMute: false });
    await call(mia, GroupPath.setGroupMemberNickname, { userID: mia.userID, groupNickname: 'Mimi' });
    await call(olga, GroupPath.setGroupMemberRoleLevel, { userID: adam.userID, roleLevel: RoleLevel.Member });
    await call(olga, GroupPath.kickGroupMember, { userIDList: [ivan.userID] });
    await call(eve, GroupPath.quitGroup, {});
    await call(olga, GroupPath.transferGroupOwner, { newOwnerUserID: mia.userID });
    await call(mia, GroupPath.dismissGroup, {});

    const messages = await history(olga, groupID);
    expect(messages.map((m) => m.contentType)).toEqual([
      ContentType.GroupCreated,
      ContentType.GroupNameUpdated,
      ContentType.GroupAnnouncementUpdated,
      ContentType.GroupInfoUpdated,
      ContentType.GroupMemberSetToAdmin,
      ContentType.MemberInvited,
      ContentType.MemberEnter,
      ContentType.GroupMemberMuted,
      ContentType.GroupMemberCancelMuted,
      ContentType.GroupMuted,
      ContentType.GroupCancelMuted,
      ContentType.GroupMemberInfoSet,
      ContentType.GroupMemberSetToOrdinary,
      ContentType.MemberKicked,
      ContentType.MemberQuit,
      ContentType.GroupOwnerTransferred,
      ContentType.GroupDismissed,
    ]);
    for (const m of messages)
      expect(m).toMatchObject({
        sessionType: SessionType.Group,
        groupID,
        msgFrom: 200,
        conversationID: `sg_${groupID}`,
      });
    const d = messages.map(detailOf);
    const expected: Partial<GroupNotificationDetail>[] = [
      { opUser: who(olga, 'Olga'), memberList: [who(olga, 'Olga'), who(adam, 'Adam'), who(mia, 'Mia')] },
      { opUser: who(olga, 'Olga') },
      { opUser: who(olga, 'Olga') },
      { opUser: who(olga, 'Olga'), changed: ['faceURL', 'introduction'] },
      { opUser: who(olga, 'Olga'), changedUser: who(adam, 'Adam') },
      { opUser: who(adam, 'Adam'), invitedUserList: [who(ivan, 'Ivan')] },
      { entrantUser: who(eve, 'Eve'), opUser: who(eve, 'Eve') },
      { opUser: who(adam, 'Adam'), mutedUser: who(mia, 'Mia'), mutedSeconds: 120 },
      { opUser: who(adam, 'Adam'), mutedUser: who(mia, 'Mia') },
      { opUser: who(adam, 'Adam') },
      { opUser: who(adam, 'Adam') },
      { opUser: who(mia, 'Mia'), changedUser: who(mia, 'Mimi') },
      { opUser: who(olga, 'Olga'), changedUser: who(adam, 'Adam') },
      { opUser: who(olga, 'Olga'), kickedUserList: [who(ivan, 'Ivan')] },
      { quitUser: who(eve, 'Eve') },
      { opUser: who(olga, 'Olga'), newGroupOwner: who(mia, 'Mimi') },
      { opUser: who(mia, 'Mimi') },
    ];
    expected.forEach((fields, i) => expect(d[i], `notice ${i}`).toMatchObject(fields));
    expect(d[0].group).toMatchObject({
      groupID,
      groupName: 'Club',
      ownerUserID: olga.userID,
      memberCount: 3,
    });
    expect(d[1].group.groupName).toBe('Club 2');
    expect(d[2].group).toMatchObject({ notification: 'Be kind', notificationUserID: olga.userID });
    expect(d[3].group).toMatchObject({
      faceURL: face,
      introduction: 'About us',
    });
    expect(d[7].muteTime).toBeGreaterThan(d[7].operationTime);
    expect(d[9].group.status).toBe(3);
    expect(d[10].group.status).toBe(0);
    expect(d[13].group.memberCount).toBe(4);
    expect(d[15].group.ownerUserID).toBe(mia.userID);
    expect(d[16].group.status).toBe(2);

    // Mia's socket got every notice live, in seq order, and the Notice events that keep lists current.
    await vi.waitFor(() => expect(watcher.pushesOf(WsPush.NewMessage)).toHaveLength(messages.length));
    expect(watcher.pushesOf<MessageItem>(WsPush.NewMessage).map((m) => m.seq)).toEqual(
      messages.map((m) => m.seq),
    );
    const events = watcher.pushesOf<NoticeFrame>(WsPush.Notice).map((n) => n.event);
    for (const event of [
      'joinedGroupAdded',
      'groupInfoChanged',
      'groupMemberAdded',
      'groupMemberInfoChanged',
      'groupMemberDeleted',
      'joinedGroupDeleted',
    ])
      expect(events, event).toContain(event);
    // Ivan, kicked, got his own kick notice and nothing after it.
    const ivans = await history(ivan, groupID);
    expect(ivans.map((m) => m.contentType)).toEqual([
      ContentType.MemberInvited,
      ContentType.MemberEnter,
      ContentType.GroupMemberMuted,
      ContentType.GroupMemberCancelMuted,
      ContentType.GroupMuted,
      ContentType.GroupCancelMuted,
      ContentType.GroupMemberInfoSet,
      ContentType.GroupMemberSetToOrdinary,
      ContentType.MemberKicked,
    ]);
  });

  it('a refused change stores nothing and changes nothing', async () => {
    const users = await Promise.all(
      ['Olga', 'Mia', 'Ivan'].map((nickname) => registerUser(server, { nickname })),
    );
    const [olga, mia, ivan] = users;
    await befriendAll(server, users);
    const { groupID } = await createGroup(server, olga, [mia]);
    const before = await history(olga, groupID);
    const refusals: [User, string, Record<string, unknown>, number][] = [
      [olga, GroupPath.kickGroupMember, { userIDList: [mia.userID, ivan.userID] }, ErrCode.NOT_GROUP_MEMBER],
      [
        olga,
        GroupPath.inviteUserToGroup,
        { userIDList: [ivan.userID, mia.userID] },
        ErrCode.ALREADY_IN_GROUP,
      ],
      [olga, GroupPath.transferGroupOwner, { newOwnerUserID: ivan.userID }, ErrCode.NOT_GROUP_MEMBER],
      [olga, GroupPath.setGroupInfo, { groupName: '' }, ErrCode.ARGS],
      [
        olga,
        GroupPath.changeGroupMemberMute,
        { userID: olga.userID, mutedSeconds: 60 },
        ErrCode.NO_PERMISSION,
      ],
      [mia, GroupPath.setGroupMemberRoleLevel, { userID: mia.userID, roleLevel: 60 }, ErrCode.NO_PERMISSION],
      [
        olga,
        GroupPath.setGroupMemberRoleLevel,
        { userID: olga.userID, roleLevel: 20 },
        ErrCode.NO_PERMISSION,
      ],
    ];
    for (const [user, path, body, code] of refusals) {
      const answer = await api(server, user, path, { groupID, ...body });
      expect(answer.errCode, path).toBe(code);
    }
    expect(await history(olga, groupID)).toEqual(before);
    const members = await groupCall<{ total: number }>(server, olga, GroupPath.getGroupMemberList, {
      groupID,
    });
    expect(members.total).toBe(2);
    // A change to the same value is no change: answered, nothing stored.
    await groupCall(server, olga, GroupPath.setGroupInfo, { groupID, groupName: 'Team' });
    await groupCall(server, olga, GroupPath.changeGroupMute, { groupID, isMute: false });
    expect(await history(olga, groupID)).toEqual(before);
  });
});
