import { describe, expect, it } from 'vitest';
import {
  ContentType,
  ErrCode,
  GroupPath,
  groupConversationID,
  ImPath,
  MsgFrom,
  SessionType,
  singleConversationID,
  WsReq,
} from '@im/protocol';
import type { ConversationItem, ConversationListResp, ConversationsResp } from '@im/protocol';
import { sql } from 'kysely';
import { pageKeys } from '../src/message/conversation-page.ts';
import { viewTarget } from '../src/message/view-target.ts';
import type { TestServer } from '../src/testing.ts';
import { api as call, makeFriends } from './support/friends.ts';
import { createGroup, groupCall } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

const PAGE = 4;

/** The order of docs/product.md#conversations, from what the items themselves say. */
const productOrder = (a: ConversationItem, b: ConversationItem) =>
  Number(b.isPinned) - Number(a.isPinned) ||
  Math.max(b.draftTextTime, b.latestMsgSendTime) - Math.max(a.draftTextTime, a.latestMsgSendTime) ||
  (a.conversationID < b.conversationID ? -1 : a.conversationID > b.conversationID ? 1 : 0);

/**
 * Paging through the conversation list (docs/api.md get_sorted_conversation_list): one-to-one
 * conversations come down the index of the list's order, group conversations are read with their
 * conversation's time and merged in (migration 0015), at every offset.
 */
describe.each(databases)('conversation list pages on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const api = async <T>(user: User, path: string, body: unknown): Promise<T> => {
    const answer = await call<T>(server, user, path, body);
    if (answer.errCode !== 0) throw new Error(`${path}: ${answer.errCode} ${answer.errMsg}`);
    return answer.data as T;
  };
  const page = (user: User, offset: number) =>
    api<ConversationListResp>(user, ImPath.getConversationList, { offset, count: PAGE });
  const items = async (user: User, conversationIDs: string[]) =>
    (await api<ConversationsResp>(user, ImPath.getConversations, { conversationIDs })).conversations;

  /** Every page from `from` on, until one comes back short. */
  const pagesFrom = async (user: User, from: number) => {
    const out: ConversationItem[] = [];
    for (let offset = from; ; offset += PAGE) {
      const { conversations } = await page(user, offset);
      out.push(...conversations);
      if (conversations.length < PAGE) return out;
    }
  };

  /**
   * Me with 9 friends (one-to-one conversations) and 3 groups (one of which I left). Each peer and
   * each group sends one message, all in one batch of the server's writer, so that they share one
   * send time (ties broken by conversation id); then some conversations move on, one gets a draft,
   * and two are pinned, one of them a group.
   */
  async function seed() {
    const me = await registerUser(server, { nickname: 'Me' });
    const peers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => registerUser(server, { nickname: `P${i}` })),
    );
    for (const peer of peers) await makeFriends(server, me, peer);
    // Groups are made of friends.
    await makeFriends(server, peers[2], peers[3]);
    await makeFriends(server, peers[4], peers[5]);
    const groups = [
      await createGroup(server, me, [peers[0], peers[1]]),
      await createGroup(server, peers[2], [me, peers[3]]),
      await createGroup(server, peers[4], [me, peers[5]]),
    ].map((g) => g.groupID);
    const singles = peers.map((p) => singleConversationID(me.userID, p.userID));
    await Promise.all([
      ...peers.map((peer, i) => store(server, peer, singles[i], SessionType.Single, [peer, me])),
      ...groups.map((groupID, i) =>
        store(server, peers[2 * i], groupConversationID(groupID), SessionType.Group, [peers[2 * i]], groupID),
      ),
    ]);
    await tick();
    await store(server, peers[7], singles[7], SessionType.Single, [peers[7], me]);
    await groupCall(server, me, GroupPath.quitGroup, { groupID: groups[2] });
    await tick();
    await store(server, peers[4], groupConversationID(groups[2]), SessionType.Group, [peers[4]], groups[2]);
    await api(me, ImPath.setConversation, { conversationID: singles[2], draftText: 'later' });
    await api(me, ImPath.setConversation, { conversationID: singles[5], isPinned: true });
    await api(me, ImPath.setConversation, {
      conversationID: groupConversationID(groups[1]),
      isPinned: true,
    });
    return { me, peers, singles, groups: groups.map(groupConversationID) };
  }

  it('pages through every conversation once, in the product’s order, pinned and groups included', async () => {
    const { me, singles, groups } = await seed();
    const all = await items(me, [...singles, ...groups]);
    expect(all).toHaveLength(12);
    const expected = [...all].sort(productOrder).map((c) => c.conversationID);
    // The ties are there: one send time shared by several conversations.
    const times = all.map((c) => c.latestMsgSendTime);
    expect(new Set(times).size).toBeLessThan(times.length);

    const paged = await pagesFrom(me, 0);
    expect(paged.map((c) => c.conversationID)).toEqual(expected);
    expect(paged.slice(0, 2).every((c) => c.isPinned)).toBe(true);
    expect((await page(me, 0)).total).toBe(12);
    // Any offset answers the same slice of that order, past the end nothing.
    for (const offset of [1, 3, 7, 10, 11, 12, 30])
      expect((await page(me, offset)).conversations.map((c) => c.conversationID)).toEqual(
        expected.slice(offset, offset + PAGE),
      );
  });

  it('the gateway’s GetConversationList answers the same pages as the IM API; a bad page is 1001', async () => {
    const { me } = await seed();
    const socket = await connect(me);
    for (const offset of [0, 3, 8, 12]) {
      const answer = await socket.request<ConversationListResp>(WsReq.GetConversationList, {
        offset,
        count: PAGE,
      });
      expect(answer.errCode).toBe(0);
      expect(answer.data).toEqual(await page(me, offset));
    }
    for (const data of [
      { offset: -1, count: PAGE },
      { offset: 0, count: 0 },
      { offset: 0, count: 1001 },
    ])
      expect((await socket.request(WsReq.GetConversationList, data)).errCode).toBe(ErrCode.ARGS);
  });

  it.each(['one-to-one', 'group'] as const)(
    'a %s conversation that gets a message between two page reads moves to the top and is not read again',
    async (kind) => {
      const { me, peers, singles, groups } = await seed();
      const first = await page(me, 0);
      const before = (await pagesFrom(me, 0)).map((c) => c.conversationID);
      // Near the end of the list, an unpinned one of the kind asked.
      const moved = before.findLast((id) => (kind === 'group' ? id === groups[0] : id === singles[0]))!;
      expect(before.indexOf(moved)).toBeGreaterThanOrEqual(PAGE);
      await tick();
      if (kind === 'group')
        await store(server, peers[0], moved, SessionType.Group, [peers[0]], moved.slice('sg_'.length));
      else await store(server, peers[0], moved, SessionType.Single, [peers[0], me]);

      const rest = (await pagesFrom(me, PAGE)).map((c) => c.conversationID);
      const after = (await pagesFrom(me, 0)).map((c) => c.conversationID);
      // It leads the unpinned ones now: a fresh first page has it, the pages after it do not (the
      // client has it from the message's push). Offset pages shift by one: the earlier page's last
      // row comes again; no conversation is skipped.
      expect(after.indexOf(moved)).toBe(2);
      expect(rest).toEqual(after.slice(PAGE));
      expect(rest).not.toContain(moved);
      const seen = new Set([...first.conversations.map((c) => c.conversationID), ...rest, moved]);
      expect([...seen].sort()).toEqual([...before].sort());
    },
  );
});

/**
 * SQLite's plan of a page's keys: the rows other than groups down the covering index of the list's
 * order (no sort of all of them, whatever the offset), the group rows through their partial index.
 */
describe('conversation list page plan on sqlite', () => {
  const { server } = useSuiteServer({ database: 'sqlite' });

  it('reads a page down the index of the list order at any offset', async () => {
    const me = await registerUser(server, { nickname: 'Me' });
    const { db } = server.app.messenger;
    for (const offset of [0, 2500]) {
      const { rows } = await sql<{
        detail: string;
      }>`EXPLAIN QUERY PLAN ${pageKeys(me.userID, offset, 20, 3)}`.execute(db);
      const plan = rows.map((r) => r.detail).join('\n');
      expect(plan).toContain('USING COVERING INDEX user_conversations_list_order');
      expect(plan).toContain('USING INDEX user_conversations_groups');
      expect(plan).not.toMatch(/SCAN user_conversations/);
    }
  });
});

/** Lets the clock move on, so that the next send time is a later one. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

let serial = 0;

/** One text from `from` stored through the server's writer: sends started together share a batch and its send time. */
function store(
  server: TestServer,
  from: User,
  conversationID: string,
  sessionType: number,
  viewers: User[],
  groupID = '',
) {
  serial += 1;
  return server.app.messenger.messageWriter.store(
    {
      conversationId: conversationID,
      clientMsgId: `paging-${serial}-${Math.random().toString(36).slice(2)}`,
      sendId: from.userID,
      recvId: viewers.find((v) => v !== from)?.userID ?? '',
      groupId: groupID,
      senderNickname: '',
      senderFaceUrl: '',
      senderPlatformId: 5,
      sessionType,
      contentType: ContentType.Text,
      msgFrom: MsgFrom.User,
      createTime: Date.now(),
      content: JSON.stringify({ content: `text ${serial}` }),
    },
    { views: viewers.map((v) => viewTarget(conversationID, sessionType, v.userID, groupID)) },
  );
}
