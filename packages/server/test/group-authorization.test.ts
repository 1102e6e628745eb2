import { beforeAll, describe, expect, it } from 'vitest';
import { ContentType, ErrCode, groupConversationID, GroupPath, ImPath, RoleLevel, WsReq } from '@im/protocol';
import type {
  ConversationsResp,
  GroupApplicationsResp,
  GroupMemberListResp,
  GroupsInfoResp,
  HistoryResp,
  JoinedGroupListResp,
  MaxSeqsResp,
  MessageItem,
  SearchGroupResp,
} from '@im/protocol';
import { api } from './support/friends.ts';
import { GatewayClient } from './support/gateway.ts';
import { befriendAll, createGroup, groupCall, groupText, makeAdmin } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
type Role = 'owner' | 'admin' | 'member' | 'outsider' | 'kicked';
const ROLES: Role[] = ['owner', 'admin', 'member', 'outsider', 'kicked'];

/** A group ID no group has: what a non-member's answer must look like. */
const MISSING = '0000000001';

/** One fresh group per case: owner, admin, member, T1 (ordinary); kicked was a member; outsider never. */
interface Fixture {
  groupID: string;
  /** T1's text, stored before the kick. */
  before: MessageItem;
  /** The member's text, stored after the kick. */
  after: MessageItem;
  kickSeq: number;
}

interface Outcome {
  errCode: number;
  errMsg: string;
  errDlt?: string;
  data?: unknown;
  status?: number;
}

/** 'ok': errCode 0 (and the op's check); a number: that code; 'hidden': the answer for a missing group. */
type Expect = 'ok' | 'hidden' | number | ((outcome: Outcome, f: Fixture) => void);

interface Op {
  name: string;
  run: (f: Fixture, role: Role) => Promise<Outcome>;
  /** For owner, admin, member, outsider, kicked. */
  expect: [Expect, Expect, Expect, Expect, Expect];
  okCheck?: (data: never, f: Fixture, role: Role) => void;
}

describe.each(databases)('group authorisation matrix on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });
  const users = {} as Record<Role | 't1' | 't2' | 't3', User>;
  const sockets = {} as Record<Role | 't1', GatewayClient>;

  beforeAll(async () => {
    for (const name of [...ROLES, 't1', 't2', 't3'] as const)
      users[name] = await registerUser(server, { nickname: name });
    await befriendAll(server, Object.values(users));
    for (const name of [...ROLES, 't1'] as const) sockets[name] = await connect(users[name]);
  });

  const http = async (role: Role, path: string, body: unknown): Promise<Outcome> => {
    const { errCode, errMsg, errDlt, data, status } = await api(server, users[role], path, body);
    return { errCode, errMsg, errDlt, data, status };
  };
  const ws = async (role: Role, reqIdentifier: number, data: unknown): Promise<Outcome> => {
    const { errCode, errMsg, data: answer } = await sockets[role].request(reqIdentifier, data);
    return { errCode, errMsg, data: answer };
  };

  async function fixture(): Promise<Fixture> {
    const { owner, admin, member, kicked, t1, t2 } = users;
    const { groupID } = await createGroup(server, owner, [admin, member, kicked, t1]);
    await makeAdmin(server, owner, groupID, admin);
    const before = await sockets.t1.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'before'));
    await groupCall(server, owner, GroupPath.kickGroupMember, { groupID, userIDList: [kicked.userID] });
    const after = await sockets.member.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'after'));
    await groupCall(server, t2, GroupPath.joinGroup, { groupID, reqMsg: 'let me in' });
    return { groupID, before, after, kickSeq: after.seq - 1 };
  }

  const texts = (messages: MessageItem[] = []) => messages.map((m) => m.textElem?.content).filter(Boolean);
  const conv = (f: Fixture) => groupConversationID(f.groupID);
  const t1 = () => users.t1.userID;

  const OPS: Op[] = [
    {
      name: 'getGroupsInfo',
      run: (f, r) => http(r, GroupPath.getGroupsInfo, { groupIDs: [f.groupID] }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'hidden'],
      okCheck: (data: GroupsInfoResp, f) => expect(data.groups.map((g) => g.groupID)).toEqual([f.groupID]),
    },
    {
      name: 'getGroupMemberList',
      run: (f, r) => http(r, GroupPath.getGroupMemberList, { groupID: f.groupID }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'hidden'],
      okCheck: (data: GroupMemberListResp) => expect(data.total).toBe(4),
    },
    {
      name: 'getGroupMembersInfo',
      run: (f, r) =>
        http(r, GroupPath.getGroupMembersInfo, {
          groupID: f.groupID,
          userIDList: [users.owner.userID],
        }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: 'searchGroup (the public card)',
      run: (f, r) => http(r, GroupPath.searchGroup, { keyword: f.groupID }),
      expect: ['ok', 'ok', 'ok', 'ok', 'ok'],
      okCheck: (data: SearchGroupResp, f) =>
        expect(data.groups).toEqual([
          { groupID: f.groupID, groupName: 'Team', faceURL: '', memberCount: 4, needVerification: 0 },
        ]),
    },
    {
      name: 'joinGroup',
      run: (f, r) => http(r, GroupPath.joinGroup, { groupID: f.groupID }),
      expect: [ErrCode.ALREADY_IN_GROUP, ErrCode.ALREADY_IN_GROUP, ErrCode.ALREADY_IN_GROUP, 'ok', 'ok'],
    },
    {
      name: 'inviteUserToGroup',
      run: (f, r) =>
        http(r, GroupPath.inviteUserToGroup, { groupID: f.groupID, userIDList: [users.t3.userID] }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: 'kickGroupMember (an ordinary member)',
      run: (f, r) => http(r, GroupPath.kickGroupMember, { groupID: f.groupID, userIDList: [t1()] }),
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'kickGroupMember (the admin)',
      run: (f, r) =>
        http(r, GroupPath.kickGroupMember, { groupID: f.groupID, userIDList: [users.admin.userID] }),
      expect: ['ok', ErrCode.ARGS, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'quitGroup',
      run: (f, r) => http(r, GroupPath.quitGroup, { groupID: f.groupID }),
      expect: [ErrCode.GROUP_OWNER_CANNOT_QUIT, 'ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: 'dismissGroup',
      run: (f, r) => http(r, GroupPath.dismissGroup, { groupID: f.groupID }),
      // Owner and admins disband (docs/product.md#roles-and-permissions); ordinary members may not.
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'transferGroupOwner',
      run: (f, r) => http(r, GroupPath.transferGroupOwner, { groupID: f.groupID, newOwnerUserID: t1() }),
      expect: ['ok', ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'setGroupInfo',
      run: (f, r) => http(r, GroupPath.setGroupInfo, { groupID: f.groupID, groupName: 'Renamed' }),
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'setGroupMemberNickname (own)',
      run: (f, r) =>
        http(r, GroupPath.setGroupMemberNickname, {
          groupID: f.groupID,
          userID: users[r].userID,
          groupNickname: 'me here',
        }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: "setGroupMemberNickname (a member's)",
      run: (f, r) =>
        http(r, GroupPath.setGroupMemberNickname, {
          groupID: f.groupID,
          userID: t1(),
          groupNickname: 'T',
        }),
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'setGroupMemberRoleLevel',
      run: (f, r) =>
        http(r, GroupPath.setGroupMemberRoleLevel, {
          groupID: f.groupID,
          userID: t1(),
          roleLevel: RoleLevel.Admin,
        }),
      expect: ['ok', ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'changeGroupMemberMute',
      run: (f, r) =>
        http(r, GroupPath.changeGroupMemberMute, {
          groupID: f.groupID,
          userID: t1(),
          mutedSeconds: 60,
        }),
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'changeGroupMute',
      run: (f, r) => http(r, GroupPath.changeGroupMute, { groupID: f.groupID, isMute: true }),
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'respondGroupApplication',
      run: (f, r) =>
        http(r, GroupPath.respondGroupApplication, {
          groupID: f.groupID,
          fromUserID: users.t2.userID,
          handleResult: 1,
        }),
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'getHistory (HTTP)',
      run: (f, r) => http(r, ImPath.getHistory, { conversationID: conv(f), count: 100 }),
      expect: [
        'ok',
        'ok',
        'ok',
        'hidden',
        // What they had up to their kick (their own kick notice last), nothing after it.
        (o, f) => {
          const messages = (o.data as HistoryResp).messages;
          expect(texts(messages)).toEqual(['before']);
          expect(messages.at(-1)).toMatchObject({ seq: f.kickSeq, contentType: ContentType.MemberKicked });
        },
      ],
      okCheck: (data: HistoryResp) => expect(texts(data.messages)).toEqual(['before', 'after']),
    },
    {
      name: 'getConversations (HTTP)',
      run: (f, r) => http(r, ImPath.getConversations, { conversationIDs: [conv(f)] }),
      expect: [
        'ok',
        'ok',
        'ok',
        'hidden',
        (o, f) =>
          expect((o.data as ConversationsResp).conversations).toMatchObject([
            { maxSeq: f.kickSeq, latestMsg: { contentType: ContentType.MemberKicked }, showName: 'Team' },
          ]),
      ],
      okCheck: (data: ConversationsResp, f) =>
        expect(data.conversations).toMatchObject([{ maxSeq: f.after.seq, showName: 'Team' }]),
    },
    {
      name: 'SendMsg (gateway)',
      run: (f, r) => ws(r, WsReq.SendMsg, groupText(f.groupID, `from ${r}`)),
      expect: ['ok', 'ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: 'PullMsgs (gateway)',
      run: (f, r) => ws(r, WsReq.PullMsgs, { ranges: [{ conversationID: conv(f), begin: 1, end: 50 }] }),
      expect: [
        'ok',
        'ok',
        'ok',
        'hidden',
        (o, f) => {
          const pulled = (o.data as { msgs: Record<string, MessageItem[]> }).msgs[conv(f)];
          expect(texts(pulled)).toEqual(['before']);
          expect(pulled.at(-1)?.seq).toBe(f.kickSeq);
        },
      ],
      okCheck: (data: { msgs: Record<string, MessageItem[]> }, f) =>
        expect(texts(data.msgs[conv(f)])).toEqual(['before', 'after']),
    },
    {
      name: 'GetMaxSeqs (gateway)',
      run: async (f, r) => {
        const o = await ws(r, WsReq.GetMaxSeqs, {});
        return { ...o, data: (o.data as MaxSeqsResp).maxSeqs[conv(f)] };
      },
      expect: ['ok', 'ok', 'ok', 'hidden', (o, f) => expect(o.data).toBe(f.kickSeq)],
      okCheck: (data: number, f) => expect(data).toBe(f.after.seq),
    },
    {
      name: "Revoke (gateway) a member's message",
      run: (f, r) => ws(r, WsReq.Revoke, { conversationID: conv(f), seq: f.before.seq }),
      expect: ['ok', 'ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'getJoinedGroupList (the group is listed)',
      run: async (f, r) => {
        const o = await http(r, GroupPath.getJoinedGroupList, {});
        const listed = (o.data as JoinedGroupListResp).groups.some((g) => g.groupID === f.groupID);
        return { ...o, data: listed };
      },
      expect: ['ok', 'ok', 'ok', (o) => expect(o.data).toBe(false), (o) => expect(o.data).toBe(false)],
      okCheck: (listed: boolean) => expect(listed).toBe(true),
    },
    {
      name: "getApplicationsAsRecipient (t2's application to the group)",
      run: async (f, r) => {
        const o = await http(r, GroupPath.getApplicationsAsRecipient, {});
        const apps = (o.data as GroupApplicationsResp).applications.filter((a) => a.groupID === f.groupID);
        return { ...o, data: apps.map((a) => a.userID) };
      },
      expect: [
        'ok',
        'ok',
        (o) => expect(o.data).toEqual([]),
        (o) => expect(o.data).toEqual([]),
        (o) => expect(o.data).toEqual([]),
      ],
      okCheck: (ids: string[]) => expect(ids).toEqual([users.t2.userID]),
    },
    {
      name: 'getApplicationsAsApplicant (only their own)',
      run: async (f, r) => {
        const o = await http(r, GroupPath.getApplicationsAsApplicant, {});
        const apps = (o.data as GroupApplicationsResp).applications.filter((a) => a.groupID === f.groupID);
        return { ...o, data: apps.length };
      },
      expect: ['ok', 'ok', 'ok', (o) => expect(o.data).toBe(0), (o) => expect(o.data).toBe(0)],
      okCheck: (count: number) => expect(count).toBe(0),
    },
    {
      name: 'changeGroupMemberMute (the owner)',
      run: (f, r) =>
        http(r, GroupPath.changeGroupMemberMute, {
          groupID: f.groupID,
          userID: users.owner.userID,
          mutedSeconds: 60,
        }),
      expect: [ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: "setGroupMemberNickname (the owner's)",
      run: (f, r) =>
        http(r, GroupPath.setGroupMemberNickname, {
          groupID: f.groupID,
          userID: users.owner.userID,
          groupNickname: 'boss',
        }),
      // The owner's own nickname is theirs to set; nobody else's role is above the owner's.
      expect: ['ok', ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'changeGroupMemberMute (another admin)',
      run: async (f, r) => {
        // Not for the missing group the hidden answers are compared with.
        if (f.groupID !== MISSING) await makeAdmin(server, users.owner, f.groupID, users.t1);
        return http(r, GroupPath.changeGroupMemberMute, {
          groupID: f.groupID,
          userID: t1(),
          mutedSeconds: 60,
        });
      },
      expect: ['ok', ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'kickGroupMember (another admin)',
      run: async (f, r) => {
        // Not for the missing group the hidden answers are compared with.
        if (f.groupID !== MISSING) await makeAdmin(server, users.owner, f.groupID, users.t1);
        return http(r, GroupPath.kickGroupMember, { groupID: f.groupID, userIDList: [t1()] });
      },
      expect: ['ok', ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'kickGroupMember (the owner)',
      run: (f, r) =>
        http(r, GroupPath.kickGroupMember, { groupID: f.groupID, userIDList: [users.owner.userID] }),
      expect: [ErrCode.ARGS, ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'setGroupMemberRoleLevel (the owner)',
      run: (f, r) =>
        http(r, GroupPath.setGroupMemberRoleLevel, {
          groupID: f.groupID,
          userID: users.owner.userID,
          roleLevel: RoleLevel.Member,
        }),
      expect: [ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'setConversation (HTTP, pin the group conversation)',
      run: (f, r) => http(r, ImPath.setConversation, { conversationID: conv(f), isPinned: true }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'ok'],
    },
    {
      name: 'clearConversation (HTTP)',
      run: (f, r) => http(r, ImPath.clearConversation, { conversationID: conv(f) }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'ok'],
    },
    {
      name: 'deleteConversation (HTTP)',
      run: (f, r) => http(r, ImPath.deleteConversation, { conversationID: conv(f) }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'ok'],
    },
    {
      name: 'MarkAsRead (gateway)',
      run: (f, r) => ws(r, WsReq.MarkAsRead, { conversationID: conv(f) }),
      expect: ['ok', 'ok', 'ok', 'hidden', 'ok'],
    },
  ];

  const cases = OPS.flatMap((op) =>
    ROLES.map((role, i) => ({
      title: `${op.name} by the ${role}: ${typeof op.expect[i] === 'function' ? 'special' : op.expect[i]}`,
      op,
      role,
      expected: op.expect[i],
    })),
  );

  /** The answer with the asked group ID written as MISSING, to compare with the missing group's. */
  const asMissing = (o: Outcome, f: Fixture) =>
    JSON.parse(JSON.stringify(o).replaceAll(f.groupID, MISSING)) as Outcome;

  it.each(cases)('$title', async ({ op, role, expected }) => {
    const f = await fixture();
    const outcome = await op.run(f, role);
    if (expected === 'ok') {
      expect(outcome.errCode, `${outcome.errMsg} ${outcome.errDlt ?? ''}`).toBe(0);
      op.okCheck?.(outcome.data as never, f, role);
    } else if (expected === 'hidden') {
      const missing = await op.run({ ...f, groupID: MISSING }, role);
      expect(asMissing(outcome, f)).toEqual(missing);
      // Whatever a missing group answers, it carries nothing of the group.
      expect(JSON.stringify(outcome.data ?? {})).not.toContain('Team');
    } else if (typeof expected === 'number') {
      expect(outcome.errCode, `${outcome.errMsg} ${outcome.errDlt ?? ''}`).toBe(expected);
    } else {
      expect(outcome.errCode, outcome.errMsg).toBe(0);
      expected(outcome, f);
    }
  });
});
