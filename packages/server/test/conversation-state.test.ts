import { describe, expect, it } from 'vitest';
import { ContentType, ErrCode, ImPath, SessionType, singleConversationID, WsPush, WsReq } from '@im/protocol';
import type {
  ConversationItem,
  ConversationListResp,
  ConversationsResp,
  HistoryResp,
  MaxSeqsResp,
  MessageItem,
} from '@im/protocol';
import { createMessaging } from '../src/message/messaging.ts';
import { GatewayClient } from './support/gateway.ts';
import { makeFriends, onlineFriends } from './support/friends.ts';
import { databases, post, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * Each user's view of a conversation: unread, read, clear, delete, settings and the list order. The
 * pairs are friends (checkSendPolicy): seq 1 of their conversation is the friend-added notice (1204,
 * sent by the accepter, never unread), so their first message is seq 2.
 */
describe.each(databases)('conversations on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const api = async <T>(user: User, path: string, body: unknown): Promise<T> => {
    const answer = await post<T>(server, `/api${path}`, body, user.imToken);
    if (answer.errCode !== 0) throw new Error(`${path}: ${answer.errCode} ${answer.errMsg}`);
    return answer.data as T;
  };
  const item = async (user: User, conversationID: string) =>
    (await api<ConversationsResp>(user, ImPath.getConversations, { conversationIDs: [conversationID] }))
      .conversations[0];
  const total = async (user: User) => (await api<{ total: number }>(user, ImPath.getTotalUnread, {})).total;
  const list = (user: User) =>
    api<ConversationListResp>(user, ImPath.getConversationList, { offset: 0, count: 100 });
  const send = async (from: GatewayClient, to: User, count: number) => {
    const out: MessageItem[] = [];
    for (let i = 0; i < count; i += 1) out.push(await from.sendText(to.userID, `t${i}`));
    return out;
  };

  it('counts unread as messages above hasReadSeq that are not own and not notifications (1400 counts)', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    await send(b, alice, 3);
    expect(await item(alice, id)).toMatchObject({
      unreadCount: 3,
      maxSeq: 4,
      hasReadSeq: 0,
      showName: 'Bob',
      userID: bob.userID,
      conversationType: SessionType.Single,
    });
    expect(await item(bob, id)).toMatchObject({ unreadCount: 0, hasReadSeq: 4, showName: 'Alice' });
    expect(await total(alice)).toBe(3);

    // An own send means the sender has seen everything up to it.
    await send(a, bob, 1);
    expect(await item(alice, id)).toMatchObject({ unreadCount: 0, hasReadSeq: 5 });
    await send(b, alice, 2);
    const { messages } = createMessaging(server.app.messenger);
    const notice = { conversationID: id, sessionType: SessionType.Single, sendID: bob.userID, detail: {} };
    await messages.storeNotification({
      ...notice,
      contentType: ContentType.FriendAdded,
      userIDs: [alice.userID],
    });
    await messages.storeNotification({
      ...notice,
      contentType: ContentType.OfficialNotice,
      userIDs: [alice.userID],
    });
    expect(await item(alice, id)).toMatchObject({ unreadCount: 3, maxSeq: 9 });

    // Receive option 2 keeps the count on the item but out of the total.
    await api(alice, ImPath.setConversation, { conversationID: id, recvMsgOpt: 2 });
    expect(await total(alice)).toBe(0);
    await api(alice, ImPath.setConversation, { conversationID: id, recvMsgOpt: 0 });
    expect(await total(alice)).toBe(3);

    const other = await connect(alice);
    const before = a.pushesOf(WsPush.ConversationChanged).length;
    await a.call(WsReq.MarkAsRead, { conversationID: id });
    expect(await item(alice, id)).toMatchObject({ unreadCount: 0, hasReadSeq: 9 });
    const [changed] = await other.waitForPushes<ConversationItem[]>(WsPush.ConversationChanged);
    expect(changed[0]).toMatchObject({ conversationID: id, unreadCount: 0, hasReadSeq: 9 });
    // The socket that asked has the answer, not a push.
    expect(a.pushesOf(WsPush.ConversationChanged)).toHaveLength(before);
    expect(await total(alice)).toBe(0);
  });

  it('clears history for one user: empty, read, latestMsg null; the peer keeps everything', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    await send(b, alice, 4);
    const cleared = await api<ConversationItem>(alice, ImPath.clearConversation, { conversationID: id });
    expect(cleared).toMatchObject({ minSeq: 5, hasReadSeq: 5, unreadCount: 0, latestMsg: null, maxSeq: 5 });
    const pulled = await a.call<{ msgs: Record<string, MessageItem[]> }>(WsReq.PullMsgs, {
      ranges: [{ conversationID: id, begin: 1, end: 10 }],
    });
    expect(pulled.msgs[id] ?? []).toEqual([]);
    expect((await api<HistoryResp>(alice, ImPath.getHistory, { conversationID: id })).messages).toEqual([]);
    // The peer keeps the notice and the four messages.
    expect((await api<HistoryResp>(bob, ImPath.getHistory, { conversationID: id })).messages).toHaveLength(5);
    expect((await a.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {})).minSeqs[id]).toBe(5);

    const [next] = await send(b, alice, 1);
    expect(await item(alice, id)).toMatchObject({ unreadCount: 1, latestMsg: next });
    const page = await api<HistoryResp>(alice, ImPath.getHistory, { conversationID: id });
    expect(page).toEqual({ messages: [next], isEnd: true });
    expect(
      (await post(server, `/api${ImPath.clearConversation}`, { conversationID: 'si_x_y' }, alice.imToken))
        .errCode,
    ).toBe(ErrCode.NOT_FOUND);
  });

  it('deletes a conversation for one user; a new message brings it back with only the new messages', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    await send(b, alice, 3);
    await api(alice, ImPath.setConversation, { conversationID: id, isPinned: true, draftText: 'half' });
    await api(alice, ImPath.deleteConversation, { conversationID: id });
    expect((await list(alice)).conversations.map((c) => c.conversationID)).not.toContain(id);
    expect((await a.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {})).maxSeqs[id]).toBeUndefined();
    expect(await total(alice)).toBe(0);
    expect(await item(bob, id)).toMatchObject({ maxSeq: 4 });
    expect((await api<HistoryResp>(bob, ImPath.getHistory, { conversationID: id })).messages).toHaveLength(4);

    const [back] = await send(b, alice, 1);
    const revived = await item(alice, id);
    expect(revived).toMatchObject({
      unreadCount: 1,
      minSeq: 4,
      maxSeq: 5,
      latestMsg: back,
      isPinned: false,
      draftText: '',
    });
    const pulled = await a.call<{ msgs: Record<string, MessageItem[]> }>(WsReq.PullMsgs, {
      ranges: [{ conversationID: id, begin: 1, end: 5 }],
    });
    expect(pulled.msgs[id].map((m) => m.seq)).toEqual([5]);
    // Deleting what does not exist is fine (the device may hold a conversation the server never had).
    await api(alice, ImPath.deleteConversation, { conversationID: 'si_nobody_none' });
  });

  it('sets pin, receive option and draft, answers the item and pushes it to the user’s sockets', async () => {
    const { alice, bob, a, id } = await onlineFriends(server, connect);
    await send(a, bob, 1);
    const pinned = await api<ConversationItem>(alice, ImPath.setConversation, {
      conversationID: id,
      isPinned: true,
      draftText: 'later',
    });
    expect(pinned).toMatchObject({ conversationID: id, isPinned: true, draftText: 'later' });
    expect(pinned.draftTextTime).toBeGreaterThan(0);
    const pushed = await a.waitForPushes<ConversationItem[]>(WsPush.ConversationChanged);
    expect(pushed[0][0]).toEqual(pinned);
    const emptied = await api<ConversationItem>(alice, ImPath.setConversation, {
      conversationID: id,
      draftText: '',
    });
    expect(emptied).toMatchObject({ draftText: '', draftTextTime: 0, isPinned: true });
    const bad = await post(
      server,
      `/api${ImPath.setConversation}`,
      { conversationID: id, recvMsgOpt: 7 },
      alice.imToken,
    );
    expect(bad.errCode).toBe(ErrCode.ARGS);
    expect(bad.status).toBe(400);
  });

  it('lists pinned first, then by the later of draft and last message, in pages with the total', async () => {
    const me = await registerUser(server, { nickname: 'Me' });
    const peers = await Promise.all(
      ['P1', 'P2', 'P3', 'P4'].map((nickname) => registerUser(server, { nickname })),
    );
    for (const peer of peers) await makeFriends(server, me, peer);
    const mine = await connect(me);
    // Times are in milliseconds: let the clock move on between steps so that the order is defined.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
    for (const peer of peers) {
      await mine.sendText(peer.userID, `to ${peer.userID}`);
      await tick();
    }
    const ids = peers.map((p) => singleConversationID(me.userID, p.userID));
    expect((await list(me)).conversations.map((c) => c.showName)).toEqual(['P4', 'P3', 'P2', 'P1']);

    await api(me, ImPath.setConversation, { conversationID: ids[0], isPinned: true });
    await api(me, ImPath.setConversation, { conversationID: ids[1], draftText: 'draft' });
    await tick();
    const all = await list(me);
    expect(all.total).toBe(4);
    expect(all.conversations.map((c) => c.showName)).toEqual(['P1', 'P2', 'P4', 'P3']);
    const page = await api<ConversationListResp>(me, ImPath.getConversationList, { offset: 1, count: 2 });
    expect(page).toMatchObject({ total: 4 });
    expect(page.conversations.map((c) => c.showName)).toEqual(['P2', 'P4']);

    // A conversation without messages yet: a draft makes it show; an unknown user's id is 404.
    const fresh = await registerUser(server, { nickname: 'New' });
    const freshID = singleConversationID(me.userID, fresh.userID);
    await api(me, ImPath.setConversation, { conversationID: freshID, recvMsgOpt: 1 });
    expect((await list(me)).total).toBe(4);
    const drafted = await api<ConversationItem>(me, ImPath.setConversation, {
      conversationID: freshID,
      draftText: 'hi',
    });
    expect(drafted).toMatchObject({ showName: 'New', recvMsgOpt: 1, maxSeq: 0, latestMsg: null });
    expect((await list(me)).conversations[1].conversationID).toBe(freshID);
    const unknown = await post(
      server,
      `/api${ImPath.setConversation}`,
      { conversationID: 'si_1_2', isPinned: true },
      me.imToken,
    );
    expect(unknown.errCode).toBe(ErrCode.NOT_FOUND);
  });

  it('answers the IM API only with an IM token (the 705 rule’s check)', async () => {
    const user = await registerUser(server);
    expect((await post(server, `/api${ImPath.getTotalUnread}`, {}, user.chatToken)).errCode).toBe(
      ErrCode.TOKEN_INVALID,
    );
    expect((await post(server, `/api${ImPath.getTotalUnread}`, {})).status).toBe(401);
    expect((await post(server, `/api${ImPath.getTotalUnread}`, {}, user.imToken)).data).toEqual({ total: 0 });
  });
});
