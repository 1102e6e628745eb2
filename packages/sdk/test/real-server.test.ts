import { describe, expect, it, vi } from 'vitest';
import { ContentType, singleConversationID, WsPush, WsReq } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { MemoryStore } from '../src/store/memory-store.ts';
import { sendTexts, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';
import {
  befriendReal,
  registerFriends,
  registerReal,
  serverHistory,
  useRealServer,
} from './support/real-server.ts';
import type { Frame } from './support/real-server.ts';

/**
 * The sdk against the real server (gateway, IM API, SQLite) on loopback: the contract of docs/sdk.md.
 * One-to-one messages go between friends: each pair is made friends first (before the clients log in,
 * so the friend-added notice, seq 1 of their conversation, is history and not news).
 */
describe('sdk against the real server', () => {
  const { server, login } = useRealServer();
  const texts = (t: TestClient) => t.received().map((m) => m.textElem?.content);

  it('lets two clients exchange messages live, counted unread once', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const [alice, bob] = [await login(aliceS), await login(bobS)];
    await Promise.all([synced(alice), synced(bob)]);
    const stored = await alice.client.messages.sendMessage({
      recvID: bobS.userID,
      message: alice.client.messages.createTextMessage('hello bob'),
    });
    expect(stored).toMatchObject({
      seq: 2,
      conversationID: singleConversationID(aliceS.userID, bobS.userID),
    });
    await vi.waitFor(() => expect(texts(bob)).toEqual(['hello bob']));
    await vi.waitFor(() => expect(bob.log.of('totalUnreadMessageCountChanged').at(-1)).toBe(1));
    await bob.client.messages.sendMessage({
      recvID: aliceS.userID,
      message: bob.client.messages.createTextMessage('hi alice'),
    });
    await vi.waitFor(() => expect(texts(alice)).toEqual(['hi alice']));
    const [conversation] = await bob.client.conversations.getConversationListSplit(0, 20);
    expect(conversation).toMatchObject({ showName: 'Alice', maxSeq: 3, unreadCount: 0, hasReadSeq: 3 });
    expect(alice.received()).toHaveLength(1);
    expect(bob.received()).toHaveLength(1);
  });

  it('fills dropped pushes with a pull: every message once and in order', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    // m2, m3 and m4 (seq 1 is the friend-added notice).
    const lost = (frame: Frame) =>
      frame.reqIdentifier === WsPush.NewMessage &&
      !frame.msgIncr &&
      [3, 4, 5].includes((frame.data as MessageItem).seq);
    const alice = await login(aliceS);
    const bob = await login(bobS, {}, lost);
    await Promise.all([synced(alice), synced(bob)]);
    await sendTexts(alice, bobS.userID, ['m1', 'm2', 'm3', 'm4', 'm5']);
    await vi.waitFor(() => expect(texts(bob)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']));
    expect(bob.received().map((m) => m.seq)).toEqual([2, 3, 4, 5, 6]);
  });

  it('retries a send whose answer was lost with the same clientMsgID; the server stores it once', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    let lostAnswers = 0;
    const loseFirstSendAnswer = (frame: Frame) =>
      frame.reqIdentifier === WsReq.SendMsg && Boolean(frame.msgIncr) && lostAnswers++ === 0;
    const alice = await login(aliceS, {}, loseFirstSendAnswer);
    const bob = await login(bobS);
    await Promise.all([synced(alice), synced(bob)]);
    const message = alice.client.messages.createTextMessage('once');
    const stored = await alice.client.messages.sendMessage({ recvID: bobS.userID, message });
    expect(lostAnswers).toBeGreaterThanOrEqual(2); // the lost answer and the retry's answer
    expect(stored).toMatchObject({ seq: 2, clientMsgID: message.clientMsgID });
    await vi.waitFor(() => expect(texts(bob)).toEqual(['once']));
    const onServer = await serverHistory(server, bobS, stored.conversationID);
    expect(onServer.map((m) => m.contentType)).toEqual([ContentType.FriendAdded, ContentType.Text]);
    expect(onServer.slice(1).map((m) => [m.seq, m.clientMsgID, m.serverMsgID])).toEqual([
      [2, message.clientMsgID, stored.serverMsgID],
    ]);
  });

  it('syncs a reinstall with progress to 100, then the list and unread from the server', async () => {
    const [aliceS, bobS, carolS] = [
      await registerReal(server, 'Alice'),
      await registerReal(server, 'Bob'),
      await registerReal(server, 'Carol'),
    ];
    await befriendReal(server, aliceS, bobS);
    await befriendReal(server, carolS, bobS);
    const alice = await login(aliceS);
    const carol = await login(carolS);
    await sendTexts(
      alice,
      bobS.userID,
      Array.from({ length: 25 }, (_, i) => `a${i + 1}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 5)); // Carol's messages are the later ones
    await sendTexts(
      carol,
      bobS.userID,
      Array.from({ length: 12 }, (_, i) => `c${i + 1}`),
    );
    const bob = await login(bobS, { store: new MemoryStore(), messaging: { pullPageSize: 10 } });
    await synced(bob);
    expect(bob.log.of('syncStart')).toEqual([{ reinstall: true }]);
    const progress = bob.log.of('syncProgress').map((p) => p.progress);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1])).toBe(true);
    expect(bob.log.of('syncFinish')).toEqual([{ reinstall: true }]);
    expect(bob.received()).toEqual([]);
    const list = await bob.client.conversations.getConversationListSplit(0, 20);
    expect(list.map((c) => [c.showName, c.unreadCount])).toEqual([
      ['Carol', 12],
      ['Alice', 25],
    ]);
    expect(await bob.client.conversations.getTotalUnreadMsgCount()).toBe(37);
  });

  it('revokes over the real gateway: the peer sees the notice in place', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const [alice, bob] = [await login(aliceS), await login(bobS)];
    await Promise.all([synced(alice), synced(bob)]);
    const stored = await alice.client.messages.sendMessage({
      recvID: bobS.userID,
      message: alice.client.messages.createTextMessage('oops'),
    });
    await vi.waitFor(() => expect(texts(bob)).toEqual(['oops']));
    await alice.client.messages.revokeMessage({
      conversationID: stored.conversationID,
      clientMsgID: stored.clientMsgID,
    });
    await vi.waitFor(() =>
      expect(bob.log.of('recvMessageRevoked')).toMatchObject([
        { clientMsgID: stored.clientMsgID, revokerID: aliceS.userID, revokerNickname: 'Alice' },
      ]),
    );
    const onServer = await serverHistory(server, bobS, stored.conversationID);
    expect(onServer.map((m) => m.contentType)).toEqual([
      ContentType.FriendAdded,
      ContentType.Revoke,
      ContentType.Revoke,
    ]);
  });

  it('ends the client as kicked when the same account logs in again on the web', async () => {
    const bobS = await registerReal(server, 'Bob');
    const bob = await login(bobS);
    await synced(bob);
    const email = await fetch(`${server.url}/chat/user/find/full`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: bobS.chatToken, operationID: 'f' },
      body: JSON.stringify({ userIDs: [bobS.userID] }),
    }).then(async (r) => ((await r.json()) as { data: { users: { email: string }[] } }).data.users[0].email);
    const again = await fetch(`${server.url}/chat/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', operationID: 'l' },
      body: JSON.stringify({ email, password: 'secret123', platform: 5 }),
    });
    expect(((await again.json()) as { errCode: number }).errCode).toBe(0);
    await vi.waitFor(() => expect(bob.log.of('kickedOffline')).toHaveLength(1));
  });
});
