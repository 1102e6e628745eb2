import { describe, expect, it, vi } from 'vitest';
import { ContentType, MessageStatus, singleConversationID, WsPush, WsReq } from '@im/protocol';
import type { LoginResp, MessageItem } from '@im/protocol';
import { createTextMessage } from '../src/messaging/message-factory.ts';
import { MemoryStore } from '../src/store/memory-store.ts';
import type { Timeline } from '../src/timeline/timeline.ts';
import { synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';
import { droppingWebSocket, registerFriends, serverHistory, useRealServer } from './support/real-server.ts';
import type { Frame } from './support/real-server.ts';

/**
 * Own sends against the real server: the sdk's store holds a message from sendMessage on (Sending,
 * seq 0), and the server's stored copy replaces it in place; failed sends stay, can be resent (stored
 * once) or deleted; the timeline shows all of it, and a revoke once.
 */
describe('own sends in the sdk store (real server)', () => {
  const { server, login } = useRealServer();

  const stateOf = (m: MessageItem) => [m.clientMsgID, m.seq, m.status];
  const everyCopy = async (t: TestClient, conversationID: string) => [
    ...(await t.store.getMessagesBefore(conversationID, Infinity, 100)),
    ...(await t.store.getUnsentMessages(conversationID)),
  ];
  const openTimeline = async (t: TestClient, conversationID: string): Promise<Timeline> => {
    const timeline = t.client.messages.openTimeline(conversationID);
    await timeline.loadOlder();
    return timeline;
  };

  /** A client whose SendMsg requests are lost on the way out while `offline.on` is true. */
  async function loginWithSwitch(session: LoginResp, options: { sendAttempts?: number } = {}) {
    const offline = { on: false };
    const WebSocket = droppingWebSocket(
      () => false,
      (request) => offline.on && request.reqIdentifier === WsReq.SendMsg,
    );
    const t = await login(session, { messaging: { WebSocket, sendAttempts: options.sendAttempts ?? 2 } });
    await synced(t);
    return { t, offline };
  }

  it('holds a pending message before the acknowledgement; the stored one replaces it in place', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const conversationID = singleConversationID(aliceS.userID, bobS.userID);
    let lostAnswers = 0;
    // The first answer to the send is lost (the retry's answer comes a request timeout later), and
    // the server's push of the own message too, so nothing but the answer can make it stored.
    const loseFirstAnswer = (frame: Frame) =>
      (frame.reqIdentifier === WsReq.SendMsg && Boolean(frame.msgIncr) && lostAnswers++ === 0) ||
      (frame.reqIdentifier === WsPush.NewMessage && (frame.data as MessageItem).sendID === aliceS.userID);
    const alice = await login(aliceS, {}, loseFirstAnswer);
    await synced(alice);
    const timeline = await openTimeline(alice, conversationID);
    const shown = timeline.messages.length;

    const message = alice.client.messages.createTextMessage('pending first');
    const sending = alice.client.messages.sendMessage({ recvID: bobS.userID, message });
    await vi.waitFor(() => expect(lostAnswers).toBe(1));
    // The server answered once (lost): the sdk still holds its own copy, Sending, seq 0.
    expect(stateOf((await alice.store.getMessage(message.clientMsgID))!)).toEqual([
      message.clientMsgID,
      0,
      MessageStatus.Sending,
    ]);
    expect((await alice.store.getUnsentMessages(conversationID)).map(stateOf)).toEqual([
      [message.clientMsgID, 0, MessageStatus.Sending],
    ]);
    expect(timeline.messages.map(stateOf).slice(shown)).toEqual([
      [message.clientMsgID, 0, MessageStatus.Sending],
    ]);

    const stored = await sending;
    expect(stored).toMatchObject({
      clientMsgID: message.clientMsgID,
      seq: 2,
      status: MessageStatus.Succeeded,
    });
    expect(stored.serverMsgID).not.toBe('');
    const copies = (await everyCopy(alice, conversationID)).filter(
      (m) => m.clientMsgID === message.clientMsgID,
    );
    expect(copies.map(stateOf)).toEqual([[message.clientMsgID, 2, MessageStatus.Succeeded]]);
    expect(copies[0].serverMsgID).toBe(stored.serverMsgID);
    expect(await alice.store.getUnsentMessages(conversationID)).toEqual([]);
    // In the timeline: the same row, now stored; no second one.
    expect(timeline.messages.map(stateOf).slice(shown)).toEqual([
      [message.clientMsgID, 2, MessageStatus.Succeeded],
    ]);
    timeline.close();
  });

  it('never changes the caller’s message object', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const { t: alice, offline } = await loginWithSwitch(aliceS);
    const message = alice.client.messages.createTextMessage('mine');
    const before = structuredClone(message);
    await alice.client.messages.sendMessage({ recvID: bobS.userID, message });
    expect(message).toEqual(before);
    offline.on = true;
    const failing = alice.client.messages.createTextMessage('fails');
    const failingBefore = structuredClone(failing);
    await expect(
      alice.client.messages.sendMessage({ recvID: bobS.userID, message: failing }),
    ).rejects.toThrow();
    expect(failing).toEqual(failingBefore);
  });

  it('marks a send Failed when its retries end; a resend keeps the clientMsgID and is stored once', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const conversationID = singleConversationID(aliceS.userID, bobS.userID);
    const { t: alice, offline } = await loginWithSwitch(aliceS);
    const timeline = await openTimeline(alice, conversationID);
    offline.on = true;
    const message = alice.client.messages.createTextMessage('again');
    await expect(alice.client.messages.sendMessage({ recvID: bobS.userID, message })).rejects.toMatchObject({
      errCode: -2,
    });
    expect(stateOf((await alice.store.getMessage(message.clientMsgID))!)).toEqual([
      message.clientMsgID,
      0,
      MessageStatus.Failed,
    ]);
    expect(timeline.messages.at(-1)).toMatchObject({
      clientMsgID: message.clientMsgID,
      status: MessageStatus.Failed,
    });
    expect((await serverHistory(server, bobS, conversationID)).map((m) => m.contentType)).toEqual([
      ContentType.FriendAdded,
    ]);

    offline.on = false;
    const stored = await alice.client.messages.resendMessage(message.clientMsgID);
    expect(stored).toMatchObject({
      clientMsgID: message.clientMsgID,
      seq: 2,
      status: MessageStatus.Succeeded,
    });
    // A second resend (a double tap) answers the stored copy; the server still has it once.
    expect(await alice.client.messages.resendMessage(message.clientMsgID)).toMatchObject({ seq: 2 });
    const onServer = await serverHistory(server, bobS, conversationID);
    expect(onServer.filter((m) => m.clientMsgID === message.clientMsgID).map((m) => m.seq)).toEqual([2]);
    const copies = (await everyCopy(alice, conversationID)).filter(
      (m) => m.clientMsgID === message.clientMsgID,
    );
    expect(copies.map(stateOf)).toEqual([[message.clientMsgID, 2, MessageStatus.Succeeded]]);
    expect(timeline.messages.filter((m) => m.clientMsgID === message.clientMsgID).map(stateOf)).toEqual([
      [message.clientMsgID, 2, MessageStatus.Succeeded],
    ]);
    timeline.close();
  });

  it('deletes a failed message from the store and the timeline; it is never sent', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const conversationID = singleConversationID(aliceS.userID, bobS.userID);
    const { t: alice, offline } = await loginWithSwitch(aliceS);
    const timeline = await openTimeline(alice, conversationID);
    offline.on = true;
    const message = alice.client.messages.createTextMessage('drop me');
    await expect(alice.client.messages.sendMessage({ recvID: bobS.userID, message })).rejects.toThrow();
    expect(timeline.messages.some((m) => m.clientMsgID === message.clientMsgID)).toBe(true);

    await alice.client.messages.deleteMessageFromLocalStorage({
      conversationID,
      clientMsgID: message.clientMsgID,
    });
    expect(await alice.store.getMessage(message.clientMsgID)).toBeUndefined();
    expect(timeline.messages.some((m) => m.clientMsgID === message.clientMsgID)).toBe(false);
    offline.on = false;
    await alice.client.messages.sendMessage({
      recvID: bobS.userID,
      message: alice.client.messages.createTextMessage('after'),
    });
    const onServer = await serverHistory(server, bobS, conversationID);
    expect(onServer.map((m) => m.textElem?.content ?? m.contentType)).toEqual([
      ContentType.FriendAdded,
      'after',
    ]);
    timeline.close();
  });

  it('marks a message a previous session left Sending as Failed on start; it can be resent', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const conversationID = singleConversationID(aliceS.userID, bobS.userID);
    // As a page load that ended while this was Sending: in the store, no outbox retrying it.
    const store = new MemoryStore();
    const left: MessageItem = {
      ...createTextMessage({ userID: aliceS.userID, nickname: 'Alice', faceURL: '' }, 'left behind'),
      conversationID,
      recvID: bobS.userID,
    };
    await store.putMessages([left]);

    const again = await login(aliceS, { store });
    expect((await store.getMessage(left.clientMsgID))?.status).toBe(MessageStatus.Failed);
    await synced(again);
    const timeline = await openTimeline(again, conversationID);
    expect(timeline.messages.at(-1)).toMatchObject({
      clientMsgID: left.clientMsgID,
      status: MessageStatus.Failed,
    });
    const stored = await again.client.messages.resendMessage(left.clientMsgID);
    expect(stored).toMatchObject({ clientMsgID: left.clientMsgID, seq: 2, status: MessageStatus.Succeeded });
    timeline.close();
  });

  it('applies a revoke to the timeline once: the message turns into its notice in place', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const conversationID = singleConversationID(aliceS.userID, bobS.userID);
    const [alice, bob] = [await login(aliceS), await login(bobS)];
    await Promise.all([synced(alice), synced(bob)]);
    const timeline = await openTimeline(bob, conversationID);
    const changes: number[] = [];
    timeline.subscribe((snapshot) => changes.push(snapshot.messages.length));
    const stored = await alice.client.messages.sendMessage({
      recvID: bobS.userID,
      message: alice.client.messages.createTextMessage('oops'),
    });
    await vi.waitFor(() => expect(timeline.messages.at(-1)?.clientMsgID).toBe(stored.clientMsgID));
    const before = timeline.messages.length;
    await alice.client.messages.revokeMessage({ conversationID, clientMsgID: stored.clientMsgID });
    await vi.waitFor(() => expect(timeline.messages.at(-1)?.contentType).toBe(ContentType.Revoke));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One row for the revoked message, where it was; the separate 2101 record is not shown.
    expect(timeline.messages).toHaveLength(before);
    expect(
      timeline.messages.filter((m) => m.contentType === ContentType.Revoke).map((m) => m.clientMsgID),
    ).toEqual([stored.clientMsgID]);
    expect(changes.at(-1)).toBe(before);
    timeline.close();
  });
});
