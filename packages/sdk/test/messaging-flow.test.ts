import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageStatus, WsReq } from '@im/protocol';
import type { SendMsgReq } from '@im/protocol';
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

const texts = (t: TestClient) => t.received().map((m) => m.textElem?.content);

describe('messaging over the gateway (fake)', () => {
  it('delivers a live message once, with its seq, and counts it unread', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice');
    const b = await login(gateway, 'bob');
    await Promise.all([synced(a), synced(b)]);
    const message = a.client.messages.createTextMessage('hello');
    expect(message.status).toBe(MessageStatus.Sending);
    const stored = await a.client.messages.sendMessage({ recvID: 'bob', message });
    expect(stored).toMatchObject({
      seq: 1,
      status: MessageStatus.Succeeded,
      clientMsgID: message.clientMsgID,
    });
    await vi.waitFor(() => expect(texts(b)).toEqual(['hello']));
    await vi.waitFor(() => expect(b.log.of('totalUnreadMessageCountChanged').at(-1)).toBe(1));
    const [conversation] = await b.client.conversations.getConversationListSplit(0, 20);
    expect(conversation).toMatchObject({ conversationID: 'si_alice_bob', unreadCount: 1, maxSeq: 1 });
    expect(a.received()).toEqual([]); // own messages answer the send, not recvNewMessages
  });

  it('fills dropped pushes with a pull: every message once and in order', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice');
    const b = await login(gateway, 'bob');
    await Promise.all([synced(a), synced(b)]);
    gateway.dropPush = (userID, message) => userID === 'bob' && message.seq >= 2 && message.seq <= 4;
    await sendTexts(a, 'bob', ['m1', 'm2', 'm3', 'm4', 'm5']);
    await vi.waitFor(() => expect(texts(b)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']));
    const pulls = gateway.requests.filter((r) => r.reqIdentifier === WsReq.PullMsgs);
    expect(pulls.at(-1)?.data).toEqual({ ranges: [{ conversationID: 'si_alice_bob', begin: 2, end: 4 }] });
  });

  it('retries a send whose ack was dropped with the same clientMsgID, stored once', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice');
    const b = await login(gateway, 'bob');
    await Promise.all([synced(a), synced(b)]);
    let dropped = 0;
    gateway.dropAck = (req) => req.reqIdentifier === WsReq.SendMsg && dropped++ === 0;
    const message = a.client.messages.createTextMessage('once');
    const stored = await a.client.messages.sendMessage({ recvID: 'bob', message });
    const sends = gateway.requests.filter((r) => r.reqIdentifier === WsReq.SendMsg);
    expect(sends.map((r) => (r.data as SendMsgReq).clientMsgID)).toEqual([
      message.clientMsgID,
      message.clientMsgID,
    ]);
    expect(gateway.state.messages.get('si_alice_bob')).toHaveLength(1);
    expect(stored.seq).toBe(1);
    await vi.waitFor(() => expect(texts(b)).toEqual(['once']));
    await new Promise((r) => setTimeout(r, 50));
    expect(texts(b)).toEqual(['once']);
  });

  it('resends unacked sends after a reconnect, and each is stored once', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice');
    const b = await login(gateway, 'bob');
    await Promise.all([synced(a), synced(b)]);
    // The first attempt reaches the server, its answer is lost with the socket.
    let first = true;
    gateway.dropAck = (req) => {
      if (req.reqIdentifier !== WsReq.SendMsg || !first) return false;
      first = false;
      gateway.disconnect('alice');
      return true;
    };
    const stored = await a.client.messages.sendMessage({
      recvID: 'bob',
      message: a.client.messages.createTextMessage('across'),
    });
    expect(stored.seq).toBe(1);
    expect(gateway.connectAttempts.get('alice')).toBeGreaterThanOrEqual(2);
    expect(gateway.state.messages.get('si_alice_bob')).toHaveLength(1);
    await vi.waitFor(() => expect(texts(b)).toEqual(['across']));
  });

  it('fails a send after its bound with status Failed; sending it again stores it once', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice', { messaging: { sendDeadlineMs: 150 } });
    await synced(a);
    gateway.offline.add('alice');
    gateway.disconnect('alice');
    const message = a.client.messages.createTextMessage('later');
    await expect(a.client.messages.sendMessage({ recvID: 'bob', message })).rejects.toMatchObject({
      errCode: -2,
    });
    // The sdk's copy carries the state; the caller's object is never changed.
    expect((await a.store.getMessage(message.clientMsgID))?.status).toBe(MessageStatus.Failed);
    gateway.offline.delete('alice');
    await vi.waitFor(() => expect(a.client.getConnectionState()).toBe(2));
    const stored = await a.client.messages.sendMessage({ recvID: 'bob', message });
    expect(stored.clientMsgID).toBe(message.clientMsgID);
    expect((await a.store.getMessage(message.clientMsgID))?.status).toBe(MessageStatus.Succeeded);
    expect(gateway.state.messages.get('si_alice_bob')).toHaveLength(1);
  });

  it('brings a returning user every message sent while away, once and in order, in pages', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice');
    const b = await login(gateway, 'bob', { messaging: { pullPageSize: 10 } });
    await Promise.all([synced(a), synced(b)]);
    await sendTexts(a, 'bob', ['before']);
    await vi.waitFor(() => expect(texts(b)).toEqual(['before']));
    gateway.offline.add('bob');
    gateway.disconnect('bob');
    const sent = Array.from({ length: 30 }, (_, i) => `away ${i + 1}`);
    await sendTexts(a, 'bob', sent);
    const pullsBefore = gateway.requests.filter((r) => r.reqIdentifier === WsReq.PullMsgs).length;
    gateway.offline.delete('bob');
    await vi.waitFor(() => expect(texts(b)).toEqual(['before', ...sent]));
    const pulls = gateway.requests.filter((r) => r.reqIdentifier === WsReq.PullMsgs).length - pullsBefore;
    expect(pulls).toBe(3);
    expect(b.log.of('connectSuccess').length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(new Set(b.received().map((m) => m.seq)).size).toBe(b.received().length);
  });

  it('delivers a message pushed twice, or pushed and pulled, once', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice');
    const b = await login(gateway, 'bob');
    await Promise.all([synced(a), synced(b)]);
    const [stored] = await sendTexts(a, 'bob', ['dup']);
    await vi.waitFor(() => expect(texts(b)).toEqual(['dup']));
    gateway.push('bob', 2001, stored);
    gateway.push('bob', 2001, { ...stored });
    gateway.disconnect('bob'); // the reconnect sync sees seq 1 again from max seqs
    await vi.waitFor(() => expect(b.log.of('syncFinish').length).toBeGreaterThanOrEqual(2));
    expect(texts(b)).toEqual(['dup']);
  });

  it('sends online-only messages and typing without storing them', async () => {
    const gateway = new FakeGateway();
    const a = await login(gateway, 'alice');
    const b = await login(gateway, 'bob');
    await Promise.all([synced(a), synced(b)]);
    const signal = a.client.messages.createCustomMessage({
      data: JSON.stringify({ customType: 200, data: {} }),
    });
    const answered = await a.client.messages.sendMessage({
      recvID: 'bob',
      message: signal,
      isOnlineOnly: true,
    });
    expect(answered.seq).toBe(0);
    await a.client.messages.typingStatusUpdate({ recvID: 'bob', msgTips: 'typing' });
    await vi.waitFor(() => expect(b.log.of('recvOnlineOnlyMessage')).toHaveLength(2));
    const [call, typing] = b.log.of('recvOnlineOnlyMessage');
    expect(JSON.parse(call.customElem!.data).customType).toBe(200);
    expect(typing.typingElem?.msgTips).toBe('typing');
    expect(gateway.state.messages.get('si_alice_bob') ?? []).toHaveLength(0);
    expect(b.received()).toEqual([]);
  });

  it("shows an own send on the sender's other device, and never as news on the sending one", async () => {
    const gateway = new FakeGateway();
    gateway.echoToSender = true;
    const a = await login(gateway, 'alice');
    const a2 = await login(gateway, 'alice');
    const b = await login(gateway, 'bob');
    await Promise.all([synced(a), synced(a2), synced(b)]);
    await sendTexts(a, 'bob', ['from phone']);
    await vi.waitFor(() => expect(texts(a2)).toEqual(['from phone']));
    await vi.waitFor(() => expect(texts(b)).toEqual(['from phone']));
    expect(a.received()).toEqual([]);
    const [item] = await a2.client.conversations.getConversationListSplit(0, 20);
    expect(item).toMatchObject({ unreadCount: 0, maxSeq: 1 });
  });
});
