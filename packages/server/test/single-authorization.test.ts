import { beforeAll, describe, expect, it } from 'vitest';
import { ChatPath, ErrCode, FriendPath, ImPath, singleConversationID, WsReq } from '@im/protocol';
import type {
  ConversationsResp,
  DesignatedFriendsResp,
  HistoryResp,
  MessageItem,
  PullMsgsResp,
} from '@im/protocol';
import { api, makeFriends } from './support/friends.ts';
import type { GatewayClient } from './support/gateway.ts';
import { textSend } from './support/gateway.ts';
import { databases, post, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
/** Alice and Bob are friends with a conversation; Carol is a stranger; Bob is in Dave's blacklist. */
type Role = 'alice' | 'bob' | 'stranger' | 'blocked';
const ROLES: Role[] = ['alice', 'bob', 'stranger', 'blocked'];

interface Fixture {
  alice: User;
  bob: User;
  /** Alice's text to Bob. */
  message: MessageItem;
  conversationID: string;
}

interface Outcome {
  errCode: number;
  errMsg: string;
  data?: unknown;
}

/** 'ok': errCode 0; a number: that code; 'hidden': what a missing conversation answers. */
type Expect = 'ok' | 'hidden' | number | ((o: Outcome, f: Fixture) => void);

interface Op {
  name: string;
  run: (f: Fixture, role: Role) => Promise<Outcome>;
  /** For alice, bob, stranger, blocked. */
  expect: [Expect, Expect, Expect, Expect];
}

/**
 * The one-to-one authorisation matrix, beside the group one (group-authorization.test.ts): who may
 * read, change and send in a conversation of two, and act on another user. The caller always comes
 * from the token; a third party learns nothing of a conversation that is not theirs.
 */
describe.each(databases)('one-to-one authorisation matrix on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });
  const users = {} as Record<'stranger' | 'blocked', User>;
  const sockets = new Map<string, GatewayClient>();

  beforeAll(async () => {
    users.stranger = await registerUser(server, { nickname: 'Carol' });
    users.blocked = await registerUser(server, { nickname: 'Dave' });
  });

  const socketOf = async (user: User) => {
    let socket = sockets.get(user.userID);
    if (!socket) sockets.set(user.userID, (socket = await connect(user)));
    return socket;
  };
  const who = (f: Fixture, role: Role): User => (role === 'alice' || role === 'bob' ? f[role] : users[role]);
  const http = async (f: Fixture, role: Role, path: string, body: unknown): Promise<Outcome> => {
    const { errCode, errMsg, data } = await api(server, who(f, role), path, body);
    return { errCode, errMsg, data };
  };
  const ws = async (f: Fixture, role: Role, id: number, data: unknown): Promise<Outcome> => {
    const { errCode, errMsg, data: answer } = await (await socketOf(who(f, role))).request(id, data);
    return { errCode, errMsg, data: answer };
  };

  async function fixture(): Promise<Fixture> {
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server, { nickname: 'Bob' });
    await makeFriends(server, alice, bob);
    // Dave is Bob's friend, and Bob has him in his blacklist.
    await makeFriends(server, users.blocked, bob);
    await api(server, bob, FriendPath.addBlack, { blackUserID: users.blocked.userID });
    const message = await (await socketOf(alice)).sendText(bob.userID, 'hi Bob');
    return { alice, bob, message, conversationID: singleConversationID(alice.userID, bob.userID) };
  }

  /** The texts among the messages (the friendship's first notice left out). */
  const texts = (messages: MessageItem[] = []) => messages.flatMap((m) => m.textElem?.content ?? []);

  const OPS: Op[] = [
    {
      name: 'getHistory',
      run: (f, r) => http(f, r, ImPath.getHistory, { conversationID: f.conversationID }),
      expect: [
        (o) => expect(texts((o.data as HistoryResp).messages)).toEqual(['hi Bob']),
        (o) => expect(texts((o.data as HistoryResp).messages)).toEqual(['hi Bob']),
        'hidden',
        'hidden',
      ],
    },
    {
      name: 'getConversations',
      run: (f, r) => http(f, r, ImPath.getConversations, { conversationIDs: [f.conversationID] }),
      expect: [
        (o) => expect((o.data as ConversationsResp).conversations).toHaveLength(1),
        (o) => expect((o.data as ConversationsResp).conversations).toHaveLength(1),
        'hidden',
        'hidden',
      ],
    },
    {
      name: 'setConversation',
      run: (f, r) => http(f, r, ImPath.setConversation, { conversationID: f.conversationID, isPinned: true }),
      expect: ['ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: 'clearConversation',
      run: (f, r) => http(f, r, ImPath.clearConversation, { conversationID: f.conversationID }),
      expect: ['ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: 'deleteConversation',
      run: (f, r) => http(f, r, ImPath.deleteConversation, { conversationID: f.conversationID }),
      expect: ['ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: 'PullMsgs',
      run: (f, r) =>
        ws(f, r, WsReq.PullMsgs, { ranges: [{ conversationID: f.conversationID, begin: 1, end: 9 }] }),
      expect: [
        (o, f) => expect(texts((o.data as PullMsgsResp).msgs[f.conversationID])).toEqual(['hi Bob']),
        (o, f) => expect(texts((o.data as PullMsgsResp).msgs[f.conversationID])).toEqual(['hi Bob']),
        'hidden',
        'hidden',
      ],
    },
    {
      name: 'MarkAsRead',
      run: (f, r) => ws(f, r, WsReq.MarkAsRead, { conversationID: f.conversationID }),
      expect: ['ok', 'ok', 'hidden', 'hidden'],
    },
    {
      name: "Revoke (Alice's message)",
      run: (f, r) => ws(f, r, WsReq.Revoke, { conversationID: f.conversationID, seq: f.message.seq }),
      expect: ['ok', ErrCode.NO_PERMISSION, 'hidden', 'hidden'],
    },
    {
      name: 'SendMsg to Bob',
      run: (f, r) =>
        r === 'bob'
          ? ws(f, r, WsReq.SendMsg, textSend(f.alice.userID, 'hi Alice'))
          : ws(f, r, WsReq.SendMsg, textSend(f.bob.userID, 'hi')),
      expect: ['ok', 'ok', ErrCode.NOT_FRIEND, ErrCode.BLOCKED_BY_PEER],
    },
    {
      name: 'Typing to Bob',
      run: (f, r) =>
        ws(f, r, WsReq.Typing, { recvID: r === 'bob' ? f.alice.userID : f.bob.userID, msgTips: 'typing' }),
      expect: ['ok', 'ok', ErrCode.NOT_FRIEND, ErrCode.BLOCKED_BY_PEER],
    },
    {
      name: "setFriendRemark (Bob's)",
      run: (f, r) =>
        http(f, r, FriendPath.setFriendRemark, {
          friendUserID: r === 'bob' ? f.alice.userID : f.bob.userID,
          remark: 'pal',
        }),
      expect: ['ok', 'ok', ErrCode.NOT_FRIEND, 'ok'],
    },
    {
      name: 'getDesignatedFriends (Bob)',
      run: async (f, r) => {
        const o = await http(f, r, FriendPath.getDesignatedFriends, { friendUserIDs: [f.bob.userID] });
        return { ...o, data: (o.data as DesignatedFriendsResp).friends.length };
      },
      expect: [
        (o) => expect(o.data).toBe(1),
        (o) => expect(o.data).toBe(0),
        (o) => expect(o.data).toBe(0),
        (o) => expect(o.data).toBe(1),
      ],
    },
    {
      name: "user/update (Bob's profile)",
      run: async (f, r) => {
        const { errCode, errMsg } = await post(
          server,
          `/chat${ChatPath.updateUser}`,
          { userID: f.bob.userID, nickname: 'Hacked' },
          who(f, r).chatToken,
        );
        return { errCode, errMsg };
      },
      expect: [ErrCode.NO_PERMISSION, 'ok', ErrCode.NO_PERMISSION, ErrCode.NO_PERMISSION],
    },
  ];

  /** The same op on a conversation of the caller's that does not exist, the IDs written alike. */
  const missingOf = (f: Fixture): Fixture => ({
    ...f,
    conversationID: singleConversationID(f.alice.userID, '0000000001'),
    message: { ...f.message, seq: f.message.seq },
  });
  const normalized = (o: Outcome, f: Fixture) =>
    JSON.parse(JSON.stringify(o).replaceAll(f.conversationID, '<conversation>')) as Outcome;

  const cases = OPS.flatMap((op) =>
    ROLES.map((role, i) => ({
      title: `${op.name} by ${role}: ${typeof op.expect[i] === 'function' ? 'special' : op.expect[i]}`,
      op,
      role,
      expected: op.expect[i],
    })),
  );

  it.each(cases)('$title', async ({ op, role, expected }) => {
    const f = await fixture();
    const outcome = await op.run(f, role);
    if (expected === 'ok') expect(outcome.errCode, outcome.errMsg).toBe(0);
    else if (expected === 'hidden') {
      const missing = missingOf(f);
      const answer = await op.run(missing, role);
      expect(normalized(outcome, f)).toEqual(normalized(answer, missing));
      expect(JSON.stringify(outcome.data ?? {})).not.toContain('hi Bob');
    } else if (typeof expected === 'number') expect(outcome.errCode, outcome.errMsg).toBe(expected);
    else {
      expect(outcome.errCode, outcome.errMsg).toBe(0);
      expected(outcome, f);
    }
  });
});
