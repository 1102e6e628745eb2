import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ContentType,
  ErrCode,
  ImPath,
  parseChangeDetail,
  ReceiptPath,
  SearchPath,
  singleConversationID,
  WsPush,
  WsReq,
} from '@im/protocol';
import type {
  BurnDetail,
  BurnSettingDetail,
  ConversationItem,
  ConversationsResp,
  HistoryResp,
  MessageItem,
  PullMsgsResp,
  ReadDetail,
  SearchMessagesResp,
} from '@im/protocol';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { api, makeFriends } from './support/friends.ts';
import { GatewayClient } from './support/gateway.ts';
import { databases, REGISTERING_ENV, registerUser } from './support/http.ts';
import { createTeam } from './support/groups.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** The test-only speed-up never reaches production by mistake (docs/operations.md#burn-after-reading). */
describe('TEST_BURN_SPEEDUP', () => {
  it('is refused without ALLOW_SUPER_CODE=1 and out of range, and 1 by default', () => {
    expect(() => loadConfig({ TEST_BURN_SPEEDUP: '3' })).toThrow(/TEST_BURN_SPEEDUP.*ALLOW_SUPER_CODE=1/);
    expect(() => loadConfig({ TEST_BURN_SPEEDUP: '0', ALLOW_SUPER_CODE: '1' })).toThrow(/TEST_BURN_SPEEDUP/);
    expect(loadConfig({ TEST_BURN_SPEEDUP: '3', ALLOW_SUPER_CODE: '1' }).TEST_BURN_SPEEDUP).toBe(3);
    expect(loadConfig({}).TEST_BURN_SPEEDUP).toBe(1);
    expect(loadConfig({}).READ_RECEIPT_GROUP_MAX).toBe(200);
  });
});

/**
 * Burn-after-reading (docs/product.md#burn-after-reading) against the real server: the shared
 * setting and its 1701 notice, the duration on sends, the countdown started by the peer's read, and
 * the sweep that deletes due messages with nobody online, after a restart of the app on the same
 * database. TEST_BURN_SPEEDUP 30 makes 30 s last one second.
 */
describe.each(databases)('burn-after-reading on %s', (database) => {
  let server: TestServer;
  let restarted: FastifyInstance | undefined;
  let alice: User;
  let bob: User;
  let id: string;
  const sockets: GatewayClient[] = [];
  const connect = async (user: User) => {
    const socket = await GatewayClient.open(server, user);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer({
      database,
      env: { ...REGISTERING_ENV, TEST_BURN_SPEEDUP: '30', BURN_SWEEP_INTERVAL_MS: '100' },
    });
    alice = await registerUser(server, { nickname: 'Alice' });
    bob = await registerUser(server, { nickname: 'Bob' });
    await makeFriends(server, alice, bob);
    id = singleConversationID(alice.userID, bob.userID);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await restarted?.close();
    await server.close();
  });

  const conversation = async (user: User) =>
    (await api<ConversationsResp>(server, user, ImPath.getConversations, { conversationIDs: [id] })).data!
      .conversations[0];

  it('the switch is shared by both users and tells both with a 1701 notice', async () => {
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    const answer = await api<ConversationItem>(server, alice, ReceiptPath.setBurnAfterReading, {
      conversationID: id,
      isPrivateChat: true,
      burnDuration: 30,
    });
    expect(answer.data).toMatchObject({ isPrivateChat: true, burnDuration: 30 });
    expect(await conversation(bob)).toMatchObject({ isPrivateChat: true, burnDuration: 30 });
    for (const socket of [a, b]) {
      const [notice] = (await socket.waitForPushes<MessageItem>(WsPush.NewMessage)).filter(
        (m) => m.contentType === ContentType.BurnAfterReadingChanged,
      );
      expect(parseChangeDetail<BurnSettingDetail>(notice.notificationElem?.detail)).toMatchObject({
        opUser: { userID: alice.userID, nickname: 'Alice' },
        isPrivate: true,
        burnDuration: 30,
      });
    }
    expect((await b.waitForPushes<ConversationItem[]>(WsPush.ConversationChanged)).at(-1)![0]).toMatchObject({
      conversationID: id,
      isPrivateChat: true,
    });
  });

  it('refuses what is not a one-to-one chat of friends and durations not offered, changing nothing', async () => {
    const stranger = await registerUser(server);
    const strangerChat = singleConversationID(alice.userID, stranger.userID);
    const refused = await api(server, alice, ReceiptPath.setBurnAfterReading, {
      conversationID: strangerChat,
      isPrivateChat: true,
      burnDuration: 30,
    });
    expect(refused.errCode).toBe(ErrCode.NOT_FRIEND);
    const odd = await api(server, alice, ReceiptPath.setBurnAfterReading, {
      conversationID: id,
      isPrivateChat: true,
      burnDuration: 31,
    });
    expect(odd.errCode).toBe(ErrCode.ARGS);
    const { groupID } = await createTeam(server, ['G1', 'G2']);
    const group = await api(server, alice, ReceiptPath.setBurnAfterReading, {
      conversationID: `sg_${groupID}`,
      isPrivateChat: true,
      burnDuration: 30,
    });
    expect(group.errCode).toBe(ErrCode.NOT_FOUND);
    expect(await conversation(alice)).toMatchObject({ isPrivateChat: true, burnDuration: 30 });
  });

  it('a read starts the countdown, and the sweep burns it after a restart with nobody online', async () => {
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    const secret = await a.sendText(bob.userID, 'secret');
    expect(secret.burnDuration).toBe(30);
    await b.call(WsReq.MarkAsRead, { conversationID: id });
    const mark = (await a.waitForPushes<MessageItem>(WsPush.NewMessage))
      .filter((m) => m.contentType === ContentType.HasReadReceipt)
      .map((m) => parseChangeDetail<ReadDetail>(m.notificationElem?.detail)!)
      .at(-1)!;
    expect(mark.burns).toEqual([
      { clientMsgID: secret.clientMsgID, seq: secret.seq, burnAt: expect.any(Number) as number },
    ]);
    expect(mark.burns![0].burnAt - mark.readTime).toBe(1000);
    const history = async (user: User, app = server) =>
      (
        await api<HistoryResp>(app, user, ImPath.getHistory, { conversationID: id, count: 50 })
      ).data!.messages.find((m) => m.clientMsgID === secret.clientMsgID)!;
    // Before it burns, the author finds it by search; after, nobody does.
    const found = async (user: User, app = server) =>
      (await api<SearchMessagesResp>(app, user, SearchPath.searchMessages, { keyword: 'secret' })).data!
        .messages;
    expect((await found(alice)).map((m) => m.clientMsgID)).toEqual([secret.clientMsgID]);
    expect(await history(alice)).toMatchObject({
      burnAt: mark.burns![0].burnAt,
      textElem: { content: 'secret' },
    });

    // Everyone goes offline and the server stops before the message is due.
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await server.app.close();
    await new Promise((r) => setTimeout(r, 1200));
    restarted = await buildApp(server.config);
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    const { port } = restarted.server.address() as { port: number };
    const again: TestServer = {
      ...server,
      app: restarted,
      url: `http://127.0.0.1:${port}`,
      host: `127.0.0.1:${port}`,
    };

    await vi.waitFor(async () => expect((await history(bob, again)).textElem).toBeUndefined(), {
      timeout: 5000,
    });
    for (const user of [alice, bob]) {
      const burned = await history(user, again);
      expect(burned).toMatchObject({ contentType: ContentType.Text, seq: secret.seq, burnDuration: 30 });
      expect(JSON.stringify(burned)).not.toContain('secret');
    }
    for (const user of [alice, bob]) expect(await found(user, again)).toEqual([]);
    // The list's summary is the burned message, without its content.
    const [item] = (
      await api<ConversationsResp>(again, bob, ImPath.getConversations, { conversationIDs: [id] })
    ).data!.conversations;
    expect(item.latestMsg).toMatchObject({ clientMsgID: secret.clientMsgID, burnDuration: 30 });
    expect(item.latestMsg?.textElem).toBeUndefined();
    // A pull (a reinstall's sync) answers it empty too, and the 2162 notice that names it.
    const socket = await GatewayClient.open(again, bob);
    sockets.push(socket);
    const pulled = await socket.call<PullMsgsResp>(WsReq.PullMsgs, {
      ranges: [{ conversationID: id, begin: secret.seq, end: secret.seq + 10 }],
    });
    const messages = pulled.msgs[id];
    expect(JSON.stringify(messages)).not.toContain('secret');
    const notice = messages.find((m) => m.contentType === ContentType.MessagesBurned)!;
    expect(parseChangeDetail<BurnDetail>(notice.notificationElem?.detail)).toEqual({
      conversationID: id,
      messages: [{ clientMsgID: secret.clientMsgID, seq: secret.seq }],
    });
    // Nobody reacts to it or edits it any more (1602), and nothing is stored for trying.
    const reacted = await socket.request(WsReq.React, {
      conversationID: id,
      seq: secret.seq,
      opID: 'react-burned-1',
      emoji: '👍',
      added: true,
    });
    expect(reacted.errCode).toBe(ErrCode.MESSAGE_GONE);
    const a2 = await GatewayClient.open(again, alice);
    sockets.push(a2);
    const edited = await a2.request(WsReq.Edit, {
      conversationID: id,
      seq: secret.seq,
      opID: 'edit-burned-1',
      contentType: ContentType.Text,
      content: { content: 'secret again' },
    });
    expect(edited.errCode).toBe(ErrCode.MESSAGE_GONE);
    // Turned off: what is sent now carries no duration.
    const off = await api<ConversationItem>(again, alice, ReceiptPath.setBurnAfterReading, {
      conversationID: id,
      isPrivateChat: false,
      burnDuration: 30,
    });
    expect(off.data).toMatchObject({ isPrivateChat: false });
    const plain = await socket.sendText(alice.userID, 'plain');
    expect(plain.burnDuration).toBeUndefined();
  });
});
