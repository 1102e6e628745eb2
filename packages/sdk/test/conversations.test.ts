import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentType, ImPath, WsReq } from '@im/protocol';
import { FakeGateway } from './support/fake-gateway.ts';
import { loginClient, sendTexts, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

const open: TestClient[] = [];
async function login(...args: Parameters<typeof loginClient>) {
  const t = await loginClient(...args);
  open.push(t);
  return t;
}
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});

async function pair(options: Parameters<typeof loginClient>[2] = {}) {
  const gateway = new FakeGateway();
  const a = await login(gateway, 'alice');
  const b = await login(gateway, 'bob', options);
  await Promise.all([synced(a), synced(b)]);
  return { gateway, a, b };
}
const ID = 'si_alice_bob';

describe('conversations and history', () => {
  it('a sync reads the whole list on its socket, page by page, and makes no HTTP call for it', async () => {
    const gateway = new FakeGateway();
    // 150 conversations: two pages of the sync's 100.
    const peers = Array.from({ length: 150 }, (_, i) => `peer${String(i).padStart(3, '0')}`);
    for (const peer of peers)
      gateway.state.send(peer, {
        clientMsgID: `hello-${peer}`,
        recvID: 'alice',
        sessionType: 1,
        contentType: ContentType.Text,
        content: { content: 'hello' },
      });
    const alice = await login(gateway, 'alice');
    await synced(alice);
    const lists = gateway.requests
      .filter((r) => r.reqIdentifier === WsReq.GetConversationList)
      .map((r) => r.data);
    expect(lists).toEqual([
      { offset: 0, count: 100 },
      { offset: 100, count: 100 },
    ]);
    expect(gateway.httpCalls.filter((p) => p.endsWith(ImPath.getConversationList))).toEqual([]);
    const stored = await alice.client.conversations.getStoredConversationListSplit(0, 200);
    expect(stored).toHaveLength(150);
  });

  it('answers the list from the store first, then announces the server copy as conversationChanged', async () => {
    const { gateway, b, a } = await pair();
    await sendTexts(a, 'bob', ['hi']);
    await vi.waitFor(() => expect(b.received()).toHaveLength(1));
    gateway.state.view('bob', ID).isPinned = true; // changed elsewhere, no push
    gateway.httpDelayMs = 30;
    const [fromStore] = await b.client.conversations.getConversationListSplit(0, 20);
    expect(fromStore).toMatchObject({ conversationID: ID, isPinned: false });
    await vi.waitFor(() =>
      expect(
        b.log
          .of('conversationChanged')
          .flat()
          .some((c) => c.isPinned),
      ).toBe(true),
    );
  });

  it('pins, marks read (total unread to 0), and orders pinned first', async () => {
    const { a, b } = await pair();
    await sendTexts(a, 'bob', ['one', 'two']);
    await vi.waitFor(() => expect(b.log.of('totalUnreadMessageCountChanged').at(-1)).toBe(2));
    expect(await b.client.conversations.getTotalUnreadMsgCount()).toBe(2);
    await b.client.conversations.setConversation({ conversationID: ID, isPinned: true, draftText: 'draft' });
    expect(b.log.of('conversationChanged').flat().at(-1)).toMatchObject({
      isPinned: true,
      draftText: 'draft',
    });
    await b.client.messages.markConversationMessageAsRead(ID);
    expect(b.log.of('totalUnreadMessageCountChanged').at(-1)).toBe(0);
    const [item] = await b.client.conversations.getConversationListSplit(0, 20);
    expect(item).toMatchObject({ unreadCount: 0, hasReadSeq: 2, isPinned: true });
  });

  it('announces a new conversation when its first message arrives', async () => {
    const { a, b } = await pair();
    await sendTexts(a, 'bob', ['first']);
    await vi.waitFor(() =>
      expect(
        b.log
          .of('newConversation')
          .flat()
          .map((c) => c.conversationID),
      ).toEqual([ID]),
    );
  });

  it('deletes a conversation with its messages, and clears a history', async () => {
    const { a, b } = await pair();
    await sendTexts(a, 'bob', ['x', 'y']);
    await vi.waitFor(() => expect(b.received()).toHaveLength(2));
    await b.client.conversations.clearConversationAndDeleteAllMsg(ID);
    const page = await b.client.messages.getAdvancedHistoryMessageList({ conversationID: ID, count: 20 });
    expect(page).toMatchObject({ messageList: [], isEnd: true });
    expect(await b.client.conversations.getConversationListSplit(0, 20)).toMatchObject([
      { conversationID: ID, latestMsg: null },
    ]);
    await b.client.conversations.deleteConversationAndDeleteAllMsg(ID);
    expect(await b.client.conversations.getConversationListSplit(0, 20)).toEqual([]);
    expect(await b.store.getMessagesBefore(ID, Infinity, 10)).toEqual([]);
  });

  it('pages history from the store, then from the server below what it holds', async () => {
    const gateway = new FakeGateway();
    gateway.state.addUser('bob');
    const a = await login(gateway, 'alice');
    await sendTexts(
      a,
      'bob',
      Array.from({ length: 30 }, (_, i) => `h${i + 1}`),
    );
    const b = await login(gateway, 'bob', { messaging: { reinstallDepth: 10 } });
    await synced(b);
    const historyCalls = () => gateway.httpCalls.filter((p) => p.endsWith(ImPath.getHistory)).length;
    const newest = await b.client.messages.getAdvancedHistoryMessageList({ conversationID: ID, count: 10 });
    expect(newest.messageList.map((m) => m.seq)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(historyCalls()).toBe(0);
    const older = await b.client.messages.getAdvancedHistoryMessageList({
      conversationID: ID,
      startClientMsgID: newest.messageList[0].clientMsgID,
      count: 10,
    });
    expect(older.messageList.map((m) => m.seq)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(older.isEnd).toBe(false);
    expect(historyCalls()).toBe(1);
    const oldest = await b.client.messages.getAdvancedHistoryMessageList({
      conversationID: ID,
      lastMinSeq: older.lastMinSeq,
      count: 10,
    });
    expect(oldest.messageList.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(oldest.isEnd).toBe(true);
    // now held: the same page again comes from the store
    await b.client.messages.getAdvancedHistoryMessageList({ conversationID: ID, lastMinSeq: 21, count: 10 });
    expect(historyCalls()).toBe(2);
  });

  it('revokes: the message becomes a 2101 notice on both sides', async () => {
    const { a, b } = await pair();
    const [sent] = await sendTexts(a, 'bob', ['oops']);
    await vi.waitFor(() => expect(b.received()).toHaveLength(1));
    await a.client.messages.revokeMessage({ conversationID: ID, clientMsgID: sent.clientMsgID });
    expect(a.log.of('recvMessageRevoked')).toMatchObject([
      { clientMsgID: sent.clientMsgID, revokerID: 'alice' },
    ]);
    await vi.waitFor(() =>
      expect(b.log.of('recvMessageRevoked')).toMatchObject([{ clientMsgID: sent.clientMsgID }]),
    );
    expect((await b.store.getMessage(sent.clientMsgID))?.contentType).toBe(ContentType.Revoke);
    expect((await a.store.getMessage(sent.clientMsgID))?.contentType).toBe(ContentType.Revoke);
  });

  it('looks up users by id', async () => {
    const { b } = await pair();
    expect(await b.client.account.getUsersInfo(['alice'])).toMatchObject([{ userID: 'alice' }]);
  });
});
