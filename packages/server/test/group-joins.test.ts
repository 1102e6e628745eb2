import { describe, expect, it, vi } from 'vitest';
import {
  ContentType,
  ErrCode,
  groupConversationID,
  GroupPath,
  GroupVerification,
  HandleResult,
  ImPath,
  JoinSource,
  parseGroupNotificationDetail,
  RoleLevel,
  WsPush,
  WsReq,
} from '@im/protocol';
import type {
  CreateGroupReq,
  GroupApplication,
  GroupApplicationsResp,
  GroupMemberListResp,
  HistoryResp,
  InviteUserToGroupResp,
  JoinedGroupListResp,
  JoinGroupResp,
  MessageItem,
  NoticeFrame,
} from '@im/protocol';
import { api } from './support/friends.ts';
import { GatewayClient } from './support/gateway.ts';
import { befriendAll, createGroup, createTeam, groupCall, groupText } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Joining: the three verification modes, applications and their lists, invitations, creation rules. */
describe.each(databases)('group joins on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  /** Owner, admin and member (all friends of each other and of `extra` users). */
  const team = async (needVerification: CreateGroupReq['needVerification'], extra = 0) => {
    const { users, outsiders, groupID } = await createTeam(server, ['Owner', 'Admin', 'Member'], {
      outsiders: Array.from({ length: extra }, (_, i) => `U${i}`),
      group: { needVerification },
    });
    const [owner, admin, member] = users;
    return { owner, admin, member, others: outsiders, groupID };
  };
  const memberIDs = async (user: User, groupID: string) =>
    (
      await groupCall<GroupMemberListResp>(server, user, GroupPath.getGroupMemberList, { groupID })
    ).members.map((m) => m.userID);
  const history = async (user: User, groupID: string) =>
    (
      await groupCall<HistoryResp>(server, user, ImPath.getHistory, {
        conversationID: groupConversationID(groupID),
      })
    ).messages;

  it('verification 2: anyone joins at once by search or QR code; members hear it', async () => {
    const { owner, groupID } = await team(GroupVerification.Direct);
    const stranger = await registerUser(server, { nickname: 'Stranger' });
    const [o, s] = await Promise.all([connect(owner), connect(stranger)]);
    const joined = await groupCall<JoinGroupResp>(server, stranger, GroupPath.joinGroup, {
      groupID,
      joinSource: JoinSource.QRCode,
    });
    expect(joined).toEqual({ joined: true, application: null });
    expect(await memberIDs(owner, groupID)).toContain(stranger.userID);
    const [member] = (
      await groupCall<GroupMemberListResp>(server, owner, GroupPath.getGroupMembersInfo, {
        groupID,
        userIDList: [stranger.userID],
      })
    ).members;
    expect(member).toMatchObject({
      roleLevel: RoleLevel.Member,
      joinSource: JoinSource.QRCode,
      nickname: 'Stranger',
    });
    const enter = (await history(stranger, groupID)).at(-1)!;
    expect(enter.contentType).toBe(ContentType.MemberEnter);
    // The newcomer sees the group from their join on, not what was said before it.
    expect(await history(stranger, groupID)).toHaveLength(1);
    expect(parseGroupNotificationDetail(enter.notificationElem?.detail)?.entrantUser).toEqual({
      userID: stranger.userID,
      nickname: 'Stranger',
      faceURL: '',
    });
    const notices = await s.waitForPushes<NoticeFrame>(WsPush.Notice);
    expect(notices.find((n) => n.event === 'joinedGroupAdded')?.data).toMatchObject({
      groupID,
      memberCount: 4,
    });
    await o.waitForPushes(WsPush.NewMessage);
    await waitForNotice(o, 'groupMemberAdded');
    expect((await api(server, stranger, GroupPath.joinGroup, { groupID })).errCode).toBe(
      ErrCode.ALREADY_IN_GROUP,
    );
  });

  it('verification 0: an application waits for the owner or an admin; a member’s invitation joins at once', async () => {
    const { owner, admin, member, others, groupID } = await team(GroupVerification.ApplyNeedInviteNot, 1);
    const applicant = await registerUser(server, { nickname: 'Applicant' });
    const [a, p] = await Promise.all([connect(admin), connect(applicant)]);
    const answer = await groupCall<JoinGroupResp>(server, applicant, GroupPath.joinGroup, {
      groupID,
      reqMsg: 'please',
    });
    expect(answer.joined).toBe(false);
    expect(answer.application).toMatchObject({
      groupID,
      groupName: 'Team',
      userID: applicant.userID,
      nickname: 'Applicant',
      reqMsg: 'please',
      joinSource: JoinSource.Search,
      handleResult: HandleResult.Pending,
    });
    expect(await memberIDs(owner, groupID)).not.toContain(applicant.userID);
    // Owner and admins see it as recipients; an ordinary member does not; the applicant as applicant.
    const recipient = (user: User) =>
      groupCall<GroupApplicationsResp>(server, user, GroupPath.getApplicationsAsRecipient, {});
    expect((await recipient(owner)).applications.map((x) => x.userID)).toEqual([applicant.userID]);
    expect((await recipient(admin)).applications.map((x) => x.userID)).toEqual([applicant.userID]);
    expect((await recipient(member)).total).toBe(0);
    const mine = await groupCall<GroupApplicationsResp>(
      server,
      applicant,
      GroupPath.getApplicationsAsApplicant,
      {},
    );
    expect(mine.applications.map((x) => x.groupID)).toEqual([groupID]);
    await waitForNotice(a, 'groupApplicationAdded');
    await waitForNotice(p, 'groupApplicationAdded');

    // Refused, then applied again (replaces), then accepted by the admin.
    const refused = await groupCall<GroupApplication>(server, admin, GroupPath.respondGroupApplication, {
      groupID,
      fromUserID: applicant.userID,
      handleResult: HandleResult.Rejected,
      handleMsg: 'not now',
    });
    expect(refused).toMatchObject({ handleResult: -1, handleMsg: 'not now', handleUserID: admin.userID });
    await waitForNotice(p, 'groupApplicationRejected');
    const again = await api(server, admin, GroupPath.respondGroupApplication, {
      groupID,
      fromUserID: applicant.userID,
      handleResult: HandleResult.Approved,
    });
    expect(again.errCode).toBe(ErrCode.GROUP_APPLICATION_NOT_FOUND);
    await groupCall(server, applicant, GroupPath.joinGroup, { groupID, reqMsg: 'second try' });
    expect((await recipient(owner)).applications).toMatchObject([{ reqMsg: 'second try', handleResult: 0 }]);
    const accepted = await groupCall<GroupApplication>(server, admin, GroupPath.respondGroupApplication, {
      groupID,
      fromUserID: applicant.userID,
      handleResult: HandleResult.Approved,
    });
    expect(accepted).toMatchObject({ handleResult: HandleResult.Approved, handleUserID: admin.userID });
    expect(await memberIDs(owner, groupID)).toContain(applicant.userID);
    const enter = (await history(owner, groupID)).at(-1)!;
    expect(enter.contentType).toBe(ContentType.MemberEnter);
    expect(parseGroupNotificationDetail(enter.notificationElem?.detail)).toMatchObject({
      entrantUser: { userID: applicant.userID },
      opUser: { userID: admin.userID },
    });
    await waitForNotice(p, 'groupApplicationAccepted');
    await waitForNotice(p, 'joinedGroupAdded');

    // An ordinary member's invitation needs no approval in mode 0.
    const invited = await groupCall<InviteUserToGroupResp>(server, member, GroupPath.inviteUserToGroup, {
      groupID,
      userIDList: [others[0].userID],
    });
    expect(invited).toEqual({ joinedUserIDs: [others[0].userID], applications: [] });
    const note = (await history(owner, groupID)).at(-1)!;
    expect(note.contentType).toBe(ContentType.MemberInvited);
    expect(parseGroupNotificationDetail(note.notificationElem?.detail)).toMatchObject({
      opUser: { userID: member.userID, nickname: 'Member' },
      invitedUserList: [{ userID: others[0].userID }],
    });
  });

  it('verification 1: a member’s invitation is an application per invitee; the owner’s or an admin’s is not', async () => {
    const { owner, admin, member, others, groupID } = await team(GroupVerification.AllNeed, 3);
    const [x, y, z] = others;
    const invited = await groupCall<InviteUserToGroupResp>(server, member, GroupPath.inviteUserToGroup, {
      groupID,
      userIDList: [x.userID, y.userID],
      reason: 'friends of mine',
    });
    expect(invited.joinedUserIDs).toEqual([]);
    expect(invited.applications).toMatchObject([
      {
        userID: x.userID,
        joinSource: JoinSource.Invitation,
        inviterUserID: member.userID,
        reqMsg: 'friends of mine',
      },
      { userID: y.userID, joinSource: JoinSource.Invitation, inviterUserID: member.userID },
    ]);
    expect(await memberIDs(owner, groupID)).not.toContain(x.userID);
    // Accepting an invited application reads "member invited x".
    await groupCall(server, owner, GroupPath.respondGroupApplication, {
      groupID,
      fromUserID: x.userID,
      handleResult: HandleResult.Approved,
    });
    const note = (await history(owner, groupID)).at(-1)!;
    expect(note.contentType).toBe(ContentType.MemberInvited);
    expect(parseGroupNotificationDetail(note.notificationElem?.detail)).toMatchObject({
      opUser: { userID: member.userID },
      invitedUserList: [{ userID: x.userID }],
    });
    // An application by search waits too.
    expect((await groupCall<JoinGroupResp>(server, z, GroupPath.joinGroup, { groupID })).joined).toBe(false);
    // The admin's invitation joins at once, and answers y's pending application as approved.
    const direct = await groupCall<InviteUserToGroupResp>(server, admin, GroupPath.inviteUserToGroup, {
      groupID,
      userIDList: [y.userID],
    });
    expect(direct.joinedUserIDs).toEqual([y.userID]);
    const ys = await groupCall<GroupApplicationsResp>(server, y, GroupPath.getApplicationsAsApplicant, {});
    expect(ys.applications).toMatchObject([{ groupID, handleResult: HandleResult.Approved }]);
    expect(await memberIDs(owner, groupID)).toEqual(
      expect.arrayContaining([owner.userID, admin.userID, member.userID, x.userID, y.userID]),
    );
  });

  it('creates only with friends, changes nothing on a refusal, and pages joined groups and members', async () => {
    const [me, friend, stranger] = await Promise.all(
      ['Me', 'Friend', 'Stranger'].map((nickname) => registerUser(server, { nickname })),
    );
    await befriendAll(server, [me, friend]);
    const refused = await api(server, me, GroupPath.createGroup, {
      groupName: 'No',
      memberUserIDs: [friend.userID, stranger.userID],
    });
    expect(refused.errCode).toBe(ErrCode.NOT_FRIEND);
    expect(refused.errDlt).toContain(stranger.userID);
    const none = await groupCall<JoinedGroupListResp>(server, me, GroupPath.getJoinedGroupList, {});
    expect(none).toEqual({ groups: [], total: 0 });
    const ids = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await createGroup(server, me, [friend], { groupName: `G${i}` })).groupID);
    const pages = [];
    for (let offset = 0; ; offset += 2) {
      const page = await groupCall<JoinedGroupListResp>(server, me, GroupPath.getJoinedGroupList, {
        offset,
        count: 2,
      });
      expect(page.total).toBe(5);
      pages.push(...page.groups);
      if (page.groups.length < 2) break;
    }
    expect(pages.map((g) => g.groupName)).toEqual(['G0', 'G1', 'G2', 'G3', 'G4']);
    expect(pages[0]).toMatchObject({
      ownerUserID: me.userID,
      creatorUserID: me.userID,
      memberCount: 2,
      status: 0,
    });
    const members = await groupCall<GroupMemberListResp>(server, friend, GroupPath.getGroupMemberList, {
      groupID: ids[0],
    });
    expect(members.members.map((m) => [m.userID, m.roleLevel])).toEqual([
      [me.userID, RoleLevel.Owner],
      [friend.userID, RoleLevel.Member],
    ]);
    expect((await api(server, me, GroupPath.getJoinedGroupList, { count: 1001 })).errCode).toBe(ErrCode.ARGS);
    // An invitation naming a stranger invites nobody.
    const invite = await api(server, me, GroupPath.inviteUserToGroup, {
      groupID: ids[0],
      userIDList: [stranger.userID],
    });
    expect(invite.errCode).toBe(ErrCode.NOT_FRIEND);
    expect(await memberIDs(me, ids[0])).toHaveLength(2);
  });

  it('a kicked member invited back sees from the new join on, not what was said while away', async () => {
    const { owner, member, groupID } = await team(GroupVerification.ApplyNeedInviteNot);
    const m = await connect(member);
    await groupCall(server, owner, GroupPath.kickGroupMember, { groupID, userIDList: [member.userID] });
    const o = await connect(owner);
    await o.call(WsReq.SendMsg, groupText(groupID, 'while you were away'));
    await groupCall(server, owner, GroupPath.inviteUserToGroup, { groupID, userIDList: [member.userID] });
    await o.call(WsReq.SendMsg, groupText(groupID, 'welcome back'));
    const seen = await history(member, groupID);
    expect(seen.map((x) => x.textElem?.content ?? x.contentType)).toEqual([
      ContentType.MemberInvited,
      'welcome back',
    ]);
    const pulled = await m.call<{ msgs: Record<string, MessageItem[]> }>(WsReq.PullMsgs, {
      ranges: [{ conversationID: groupConversationID(groupID), begin: 1, end: 50 }],
    });
    expect(pulled.msgs[groupConversationID(groupID)].map((x) => x.textElem?.content).filter(Boolean)).toEqual(
      ['welcome back'],
    );
    await waitForNotice(m, 'joinedGroupDeleted');
    await waitForNotice(m, 'joinedGroupAdded');
  });

  /** Waits for a Notice push of the event on the socket. */
  async function waitForNotice(client: GatewayClient, event: string): Promise<void> {
    await vi.waitFor(() => {
      const found = client.pushesOf<NoticeFrame>(WsPush.Notice).some((n) => n.event === event);
      if (!found) throw new Error(`waiting for ${event}`);
    });
  }
});
