import { describe, expect, it } from 'vitest';
import {
  ContentType,
  ErrCode,
  GroupPath,
  ImPath,
  parseChangeDetail,
  ReceiptPath,
  WsPush,
  WsReq,
} from '@im/protocol';
import type {
  ConversationsResp,
  MessageItem,
  MessageReadersResp,
  ReadDetail,
  ReadStateResp,
} from '@im/protocol';
import { api, onlineFriends } from './support/friends.ts';
import { createTeam, groupCall, groupText } from './support/groups.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const readMarks = (pushes: MessageItem[]) =>
  pushes
    .filter((m) => m.contentType === ContentType.HasReadReceipt)
    .map((m) => parseChangeDetail<ReadDetail>(m.notificationElem?.detail)!);

/** Read receipts (docs/product.md#read-receipts): 2150 notices and read state from hasReadSeq. */
describe.each(databases)('read receipts on %s', (database) => {
  const { server, connect } = useSuiteServer({ database, env: { READ_RECEIPT_GROUP_MAX: '3' } });

  it('a one-to-one read stores one 2150 notice for both users, and the read state agrees with unread', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    const sent = await a.sendText(bob.userID, 'hello');
    const before = await api<ReadStateResp>(server, alice, ReceiptPath.getReadState, { conversationID: id });
    expect(before.data).toEqual({
      receipts: true,
      members: [{ userID: bob.userID, hasReadSeq: sent.seq - 1, minSeq: 0 }],
    });

    await b.call(WsReq.MarkAsRead, { conversationID: id });
    const [mark] = readMarks(await a.waitForPushes<MessageItem>(WsPush.NewMessage, 1));
    expect(mark).toMatchObject({ conversationID: id, userID: bob.userID, hasReadSeq: sent.seq });
    await b.waitForPushes(WsPush.NewMessage, 2);
    expect(readMarks(b.pushesOf<MessageItem>(WsPush.NewMessage))).toHaveLength(1);

    const after = await api<ReadStateResp>(server, alice, ReceiptPath.getReadState, { conversationID: id });
    expect(after.data?.members[0].hasReadSeq).toBeGreaterThanOrEqual(sent.seq);
    // The notice is no unread message for either of them.
    const items = async (user: typeof alice) =>
      (await api<ConversationsResp>(server, user, ImPath.getConversations, { conversationIDs: [id] })).data!
        .conversations[0];
    expect((await items(alice)).unreadCount).toBe(0);
    expect((await items(bob)).unreadCount).toBe(0);
    // Nor the summary, nor a move up the list: the latest message is still the one read.
    for (const user of [alice, bob])
      expect(await items(user)).toMatchObject({
        latestMsg: { clientMsgID: sent.clientMsgID, textElem: { content: 'hello' } },
        latestMsgSendTime: sent.sendTime,
      });

    // Reading the peer's read mark is no news: no notice back (no ping-pong).
    await a.call(WsReq.MarkAsRead, { conversationID: id });
    await b.call(WsReq.MarkAsRead, { conversationID: id });
    await new Promise((r) => setTimeout(r, 100));
    expect(readMarks(a.pushesOf<MessageItem>(WsPush.NewMessage))).toHaveLength(1);
  });

  it('a read up to a seq leaves what came after it unread, the read mark itself never counting', async () => {
    const { bob, a, b, id } = await onlineFriends(server, connect);
    const first = await a.sendText(bob.userID, 'one');
    const two = await a.sendText(bob.userID, 'two');
    await b.call(WsReq.MarkAsRead, { conversationID: id, hasReadSeq: first.seq });
    const item = (
      await api<ConversationsResp>(server, bob, ImPath.getConversations, { conversationIDs: [id] })
    ).data!.conversations[0];
    expect(item.unreadCount).toBe(1);
    expect(item.hasReadSeq).toBe(first.seq);
    expect(item.hasReadSeq).toBeLessThan(two.seq);
  });

  it('in a group, "N unread" comes from the members\u2019 hasReadSeq and the readers list names who read', async () => {
    const { users, groupID } = await createTeam(server, ['Olga', 'Adam', 'Mia']);
    const [olga, adam, mia] = users;
    const [o, ad, mi] = await Promise.all(users.map((u) => connect(u)));
    const conversationID = `sg_${groupID}`;
    const sent = await o.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'hi all'));
    const readers = async () =>
      (
        await api<MessageReadersResp>(server, olga, ReceiptPath.getMessageReaders, {
          conversationID,
          seq: sent.seq,
        })
      ).data!;
    expect((await readers()).unread.map((u) => u.nickname).sort()).toEqual(['Adam', 'Mia']);
    expect((await readers()).read).toEqual([]);

    await ad.call(WsReq.MarkAsRead, { conversationID });
    await o.waitForPushes<MessageItem>(WsPush.NewMessage, 1);
    await vi_waitMark(o, adam.userID);
    expect(await readers()).toMatchObject({
      read: [{ userID: adam.userID, nickname: 'Adam' }],
      unread: [{ userID: mia.userID, nickname: 'Mia' }],
    });
    void mi;
  });

  it('a member who joined after a message never had it to read; one who reads it is named', async () => {
    const { users, outsiders, groupID } = await createTeam(server, ['Ida', 'Jon'], { outsiders: ['Kim'] });
    const [ida, jon] = users;
    const conversationID = `sg_${groupID}`;
    const [i, j] = await Promise.all([connect(ida), connect(jon)]);
    const sent = await i.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'before Kim'));
    await groupCall(server, ida, GroupPath.inviteUserToGroup, {
      groupID,
      userIDList: [outsiders[0].userID],
    });
    const readers = async () =>
      (
        await api<MessageReadersResp>(server, ida, ReceiptPath.getMessageReaders, {
          conversationID,
          seq: sent.seq,
        })
      ).data!;
    expect(await readers()).toEqual({ read: [], unread: [expect.objectContaining({ nickname: 'Jon' })] });
    const kim = await connect(outsiders[0]);
    await kim.call(WsReq.MarkAsRead, { conversationID });
    await j.call(WsReq.MarkAsRead, { conversationID });
    expect(await readers()).toEqual({ read: [expect.objectContaining({ nickname: 'Jon' })], unread: [] });
    const state = await api<ReadStateResp>(server, ida, ReceiptPath.getReadState, { conversationID });
    expect(state.data?.members.find((m) => m.userID === outsiders[0].userID)?.minSeq).toBeGreaterThanOrEqual(
      sent.seq,
    );
  });

  it('a group above READ_RECEIPT_GROUP_MAX keeps no receipts; strangers learn nothing', async () => {
    const { users, outsiders, groupID } = await createTeam(server, ['P', 'Q', 'R', 'S'], {
      outsiders: ['X'],
    });
    const conversationID = `sg_${groupID}`;
    const [p, q] = await Promise.all(users.slice(0, 2).map((u) => connect(u)));
    const sent = await p.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'big'));
    await q.call(WsReq.MarkAsRead, { conversationID });
    await new Promise((r) => setTimeout(r, 100));
    expect(readMarks(p.pushesOf<MessageItem>(WsPush.NewMessage))).toEqual([]);
    const state = await api<ReadStateResp>(server, users[0], ReceiptPath.getReadState, { conversationID });
    expect(state.data).toEqual({ receipts: false, members: [] });

    const stranger = await api(server, outsiders[0], ReceiptPath.getMessageReaders, {
      conversationID,
      seq: sent.seq,
    });
    expect(stranger.errCode).toBe(ErrCode.NOT_FOUND);
    const bad = await api(server, users[0], ReceiptPath.getMessageReaders, { conversationID, seq: 'x' });
    expect(bad.errCode).toBe(ErrCode.ARGS);
  });
});

/** Waits until the socket has heard the user's read mark. */
async function vi_waitMark(socket: { pushesOf<T>(id: number): T[] }, userID: string) {
  const { vi } = await import('vitest');
  await vi.waitFor(() => {
    if (!readMarks(socket.pushesOf<MessageItem>(WsPush.NewMessage)).some((m) => m.userID === userID))
      throw new Error('no read mark yet');
  });
}
