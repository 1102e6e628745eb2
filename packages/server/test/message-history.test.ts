import { describe, expect, it } from 'vitest';
import {
  ContentType,
  ErrCode,
  ImPath,
  parseRevokedDetail,
  SessionType,
  singleConversationID,
  WsPush,
  WsReq,
} from '@im/protocol';
import type { HistoryResp, MessageItem } from '@im/protocol';
import { createMessaging } from '../src/message/messaging.ts';
import { viewTarget } from '../src/message/view-target.ts';
import { onlineFriends } from './support/friends.ts';
import { databases, post, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * History pages, pulls, revoke and server notifications. The pairs are friends (checkSendPolicy); seq 1
 * of their conversation is the friend-added notice (1204), so their first message is seq 2.
 */
describe.each(databases)('history and revoke on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const history = async (user: User, body: Record<string, unknown>) => {
    const answer = await post<HistoryResp>(server, `/api${ImPath.getHistory}`, body, user.imToken);
    expect(answer.errCode).toBe(0);
    return answer.data!;
  };

  it('pages history from the newest down, by start message or lastMinSeq, with isEnd', async () => {
    const { alice, bob, a, id } = await onlineFriends(server, connect);
    const sent: MessageItem[] = [];
    for (let i = 1; i <= 45; i += 1) sent.push(await a.sendText(bob.userID, `m${i}`));
    const seqs = (page: HistoryResp) => page.messages.map((m) => m.seq);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

    const newest = await history(bob, { conversationID: id, count: 20 });
    expect(seqs(newest)).toEqual(range(27, 46));
    expect(newest.isEnd).toBe(false);
    const byMessage = await history(bob, {
      conversationID: id,
      count: 20,
      startClientMsgID: sent[25].clientMsgID,
    });
    expect(seqs(byMessage)).toEqual(range(7, 26));
    expect(byMessage.isEnd).toBe(false);
    const last = await history(bob, { conversationID: id, count: 20, lastMinSeq: 7 });
    expect(seqs(last)).toEqual(range(1, 6));
    expect(last.messages[0].contentType).toBe(ContentType.FriendAdded);
    expect(last.isEnd).toBe(true);
    // An unknown start message falls back to lastMinSeq (a local message the server never stored).
    const fallback = await history(alice, {
      conversationID: id,
      count: 5,
      startClientMsgID: 'nope-nope',
      lastMinSeq: 12,
    });
    expect(seqs(fallback)).toEqual(range(7, 11));
    const exact = await history(alice, { conversationID: id, count: 5, lastMinSeq: 6 });
    expect(exact.isEnd).toBe(true);
    // Someone else's conversation answers nothing.
    const stranger = await registerUser(server);
    expect(await history(stranger, { conversationID: id })).toEqual({ messages: [], isEnd: true });
    const bad = await post(server, `/api${ImPath.getHistory}`, { conversationID: id, count: 0 }, bob.imToken);
    expect(bad.errCode).toBe(ErrCode.ARGS);
  });

  it('pulls only conversations of the user, at most 100 seqs a request', async () => {
    const { alice, bob, a, id } = await onlineFriends(server, connect);
    await a.sendText(bob.userID, 'one');
    const stranger = await connect(await registerUser(server));
    const none = await stranger.call<{ msgs: Record<string, MessageItem[]> }>(WsReq.PullMsgs, {
      ranges: [{ conversationID: id, begin: 1, end: 1 }],
    });
    expect(none.msgs).toEqual({});
    const tooMany = await a.request(WsReq.PullMsgs, { ranges: [{ conversationID: id, begin: 1, end: 101 }] });
    expect(tooMany.errCode).toBe(ErrCode.ARGS);
    expect(alice.userID).not.toBe(bob.userID);
  });

  it('revokes an own message: a stored 2101 notice, the original answered in place as 2101', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    const original = await a.sendText(bob.userID, 'oops');
    await b.waitForPushes(WsPush.NewMessage, 1);
    expect((await b.request(WsReq.Revoke, { conversationID: id, seq: original.seq })).errCode).toBe(
      ErrCode.NO_PERMISSION,
    );
    const notice = await a.call<MessageItem>(WsReq.Revoke, { conversationID: id, seq: original.seq });
    expect(notice).toMatchObject({
      seq: 3,
      contentType: ContentType.Revoke,
      sendID: alice.userID,
      recvID: bob.userID,
    });
    const detail = parseRevokedDetail(notice.notificationElem?.detail);
    expect(detail).toMatchObject({
      conversationID: id,
      clientMsgID: original.clientMsgID,
      seq: 2,
      revokerID: alice.userID,
      revokerNickname: 'Alice',
      sourceMessageSendID: alice.userID,
      sourceMessageSenderNickname: 'Alice',
    });
    const pushed = await b.waitForPushes<MessageItem>(WsPush.NewMessage, 2);
    expect(pushed[1]).toEqual(notice);

    const pulled = await b.call<{ msgs: Record<string, MessageItem[]> }>(WsReq.PullMsgs, {
      ranges: [{ conversationID: id, begin: 2, end: 3 }],
    });
    const [inPlace, stored] = pulled.msgs[id];
    expect(inPlace).toMatchObject({
      seq: 2,
      clientMsgID: original.clientMsgID,
      contentType: ContentType.Revoke,
    });
    expect(inPlace.textElem).toBeUndefined();
    expect(parseRevokedDetail(inPlace.notificationElem?.detail)).toEqual(detail);
    expect(stored).toEqual(notice);
    // Revoked messages and notices do not count as unread.
    const unread = await post<{ total: number }>(server, `/api${ImPath.getTotalUnread}`, {}, bob.imToken);
    expect(unread.data!.total).toBe(0);

    // A retried revoke answers the same notice; notices and unknown seqs cannot be revoked.
    expect(await a.call(WsReq.Revoke, { conversationID: id, seq: 2 })).toEqual(notice);
    expect((await a.request(WsReq.Revoke, { conversationID: id, seq: 3 })).errCode).toBe(
      ErrCode.NO_PERMISSION,
    );
    expect((await a.request(WsReq.Revoke, { conversationID: id, seq: 1 })).errCode).toBe(
      ErrCode.NO_PERMISSION,
    );
    expect((await a.request(WsReq.Revoke, { conversationID: id, seq: 9 })).errCode).toBe(ErrCode.NOT_FOUND);
    expect(b.pushesOf(WsPush.NewMessage)).toHaveLength(2);
  });

  it('stores notifications for other areas through the same path: next seq, pushed, idempotent by key', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    await a.sendText(bob.userID, 'hi');
    const { messages } = createMessaging(server.app.messenger);
    const input = {
      conversationID: id,
      sessionType: SessionType.Single,
      contentType: ContentType.FriendAdded,
      sendID: alice.userID,
      recvID: bob.userID,
      detail: { opUser: { userID: alice.userID } },
      userIDs: [alice.userID, bob.userID],
      key: `friend-added-${id}`,
    };
    const notice = await messages.storeNotification(input);
    expect(notice).toMatchObject({
      seq: 3,
      contentType: ContentType.FriendAdded,
      msgFrom: 200,
      senderNickname: 'Alice',
    });
    expect(JSON.parse(notice.notificationElem!.detail)).toEqual(input.detail);
    expect(await messages.storeNotification(input)).toEqual(notice);
    expect((await a.waitForPushes(WsPush.NewMessage, 1))[0]).toEqual(notice);
    expect((await b.waitForPushes(WsPush.NewMessage, 2))[1]).toEqual(notice);
    await expect(messages.storeNotification({ ...input, contentType: ContentType.Text })).rejects.toThrow();
  });

  it('stores racing copies of one clientMsgID once (the unique index decides)', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    const draft = {
      conversationId: conversationID,
      clientMsgId: `race-${Date.now()}`,
      sendId: alice.userID,
      recvId: bob.userID,
      sessionType: SessionType.Single,
      contentType: ContentType.Text,
      msgFrom: 100,
      createTime: Date.now(),
      content: JSON.stringify({ content: 'race' }),
    };
    const views = [alice.userID, bob.userID].map((id) => viewTarget(conversationID, SessionType.Single, id));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => server.app.messenger.messageWriter.store(draft, { views })),
    );
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    expect(new Set(results.map((r) => r.row.serverMsgId)).size).toBe(1);
    expect(results.map((r) => Number(r.row.seq))).toEqual(Array(10).fill(1));
    const next = await server.app.messenger.messageWriter.store(
      { ...draft, clientMsgId: `${draft.clientMsgId}-2` },
      { views },
    );
    expect(Number(next.row.seq)).toBe(2);
  });
});
