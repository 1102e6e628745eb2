import { describe, expect, it } from 'vitest';
import { ContentType, ErrCode, ImPath, SessionType, singleConversationID, WsPush, WsReq } from '@im/protocol';
import type { HistoryResp, MaxSeqsResp, MessageItem } from '@im/protocol';
import { newClientMsgID, textSend } from './support/gateway.ts';
import { makeFriends } from './support/friends.ts';
import { databases, post, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * Sends over the gateway: atomic seqs, idempotent resends, validation, online-only and typing.
 * One-to-one sends go between friends (checkSendPolicy); seq 1 of a friends' conversation is the
 * friend-added notice (1204) of their friendship, so their first message is seq 2.
 */
describe.each(databases)('sending messages on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const history = (user: { imToken: string }, conversationID: string, count = 200) =>
    post<HistoryResp>(server, `/api${ImPath.getHistory}`, { conversationID, count }, user.imToken);

  it('gives seqs contiguous from 1 to 20 concurrent senders in one conversation', async () => {
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server, { nickname: 'Bob' });
    await makeFriends(server, alice, bob);
    const senders = await Promise.all(
      Array.from({ length: 20 }, (_, i) => connect(i % 2 === 0 ? alice : bob)),
    );
    const perSender = 5;
    const stored = (
      await Promise.all(
        senders.map((socket, i) =>
          Promise.all(
            Array.from({ length: perSender }, (_, k) =>
              socket.sendText(i % 2 === 0 ? bob.userID : alice.userID, `s${i}-${k}`),
            ),
          ),
        ),
      )
    ).flat();
    const seqs = stored.map((m) => m.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 * perSender }, (_, i) => i + 2));
    const conversationID = singleConversationID(alice.userID, bob.userID);
    expect(new Set(stored.map((m) => m.conversationID))).toEqual(new Set([conversationID]));
    const maxSeqs = await senders[0].call<MaxSeqsResp>(WsReq.GetMaxSeqs, {});
    expect(maxSeqs.maxSeqs[conversationID]).toBe(101);
    const page = await history(alice, conversationID);
    expect(page.data!.messages.map((m) => m.seq)).toEqual([1, ...seqs]);
    expect(page.data!.messages[0].contentType).toBe(ContentType.FriendAdded);
  });

  it('answers a resend with the stored message and stores it once, also when two resends race', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await makeFriends(server, alice, bob);
    const [a1, a2, b] = await Promise.all([connect(alice), connect(alice), connect(bob)]);
    const clientMsgID = newClientMsgID();
    const first = await a1.sendText(bob.userID, 'once', clientMsgID);
    const again = await a1.sendText(bob.userID, 'once', clientMsgID);
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      seq: 2,
      sendID: alice.userID,
      recvID: bob.userID,
      senderNickname: 'Tester',
    });

    const racing = newClientMsgID();
    const [x, y] = await Promise.all([
      a1.sendText(bob.userID, 'race', racing),
      a2.sendText(bob.userID, 'race', racing),
    ]);
    expect(y).toEqual(x);
    expect(x.seq).toBe(3);
    const conversationID = first.conversationID;
    expect((await history(bob, conversationID)).data!.messages.map((m) => m.textElem?.content)).toEqual([
      undefined, // the friend-added notice
      'once',
      'race',
    ]);
    // Each stored message reached the peer once and the sender's other socket once.
    const texts = (await b.waitForPushes<MessageItem>(WsPush.NewMessage, 2)).map((m) => m.seq);
    expect(texts).toEqual([2, 3]);
    expect((await b.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {})).maxSeqs[conversationID]).toBe(3);
  });

  it('pushes to every socket of the recipient and to the sender’s other sockets, not the sending one', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await makeFriends(server, alice, bob);
    const [a1, a2, b1, b2] = await Promise.all([connect(alice), connect(alice), connect(bob), connect(bob)]);
    const stored = await a1.sendText(bob.userID, 'hello');
    for (const socket of [a2, b1, b2])
      expect(await socket.waitForPushes(WsPush.NewMessage)).toEqual([stored]);
    await a1.call(WsReq.Heartbeat, {});
    expect(a1.pushesOf(WsPush.NewMessage)).toEqual([]);
  });

  it('refuses bad sends with a clear code and stores nothing', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const a = await connect(alice);
    const cases: [unknown, number, string][] = [
      [{ ...textSend(bob.userID, 'x'), contentType: ContentType.FriendAdded }, ErrCode.ARGS, 'server only'],
      [{ ...textSend(bob.userID, 'x'), contentType: 999 }, ErrCode.ARGS, 'not supported'],
      [textSend(bob.userID, '   '), ErrCode.ARGS, 'content'],
      [{ ...textSend(bob.userID, 'x'), clientMsgID: 'short' }, ErrCode.ARGS, 'clientMsgID'],
      [{ ...textSend(bob.userID, 'x'), clientMsgID: 'srv:12345678' }, ErrCode.ARGS, 'reserved'],
      [textSend('0000000000', 'x'), ErrCode.NOT_FOUND, 'not found'],
      [{ ...textSend('', 'x'), sessionType: 3, groupID: 'g1' }, ErrCode.NOT_FOUND, 'group'],
      [{ ...textSend(bob.userID, 'x'), content: undefined }, ErrCode.ARGS, 'content'],
    ];
    for (const [data, errCode, text] of cases) {
      const answer = await a.request(WsReq.SendMsg, data);
      expect(answer.errCode, JSON.stringify(data)).toBe(errCode);
      expect(answer.errMsg).toContain(text);
    }
    expect((await a.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {})).maxSeqs).toEqual({});
  });

  it('pushes online-only sends and typing to the peer only, never stored (seq 0)', async () => {
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server);
    await makeFriends(server, alice, bob);
    const [a, b] = await Promise.all([connect(alice), connect(bob)]);
    const signal = await a.call<MessageItem>(WsReq.SendMsg, {
      ...textSend(bob.userID, ''),
      contentType: ContentType.Custom,
      // A call signal carries its invitation (docs/product.md#call-flow); the call area checks it.
      content: {
        data: JSON.stringify({
          customType: 200,
          data: {
            roomID: `room-${Math.random().toString(36).slice(2)}`,
            inviterUserID: alice.userID,
            inviteeUserIDList: [bob.userID],
            mediaType: 'audio',
            sessionType: SessionType.Single,
            groupID: '',
            timeout: 30,
            initiateTime: Date.now(),
          },
        }),
      },
      isOnlineOnly: true,
    });
    expect(signal).toMatchObject({ seq: 0, contentType: ContentType.Custom });
    await a.call(WsReq.Typing, { recvID: bob.userID, msgTips: 'yes' });
    const [pushedSignal, typing] = await b.waitForPushes<MessageItem>(WsPush.OnlineOnly, 2);
    expect(pushedSignal).toMatchObject({ seq: 0, customElem: { data: expect.stringContaining('200') } });
    expect(typing).toMatchObject({
      seq: 0,
      contentType: ContentType.Typing,
      typingElem: { msgTips: 'yes' },
      sendID: alice.userID,
      recvID: bob.userID,
      conversationID: singleConversationID(alice.userID, bob.userID),
      senderNickname: 'Alice',
    });
    expect(b.pushesOf(WsPush.NewMessage)).toEqual([]);
    // Only the friend-added notice is stored.
    expect((await b.call<MaxSeqsResp>(WsReq.GetMaxSeqs, {})).maxSeqs).toEqual({
      [singleConversationID(alice.userID, bob.userID)]: 1,
    });
    expect((await a.request(WsReq.Typing, { recvID: '0000000000', msgTips: 'x' })).errCode).toBe(
      ErrCode.NOT_FOUND,
    );
  });

  it('keeps a note to oneself in si_<me>_<me>, on the other devices, never unread', async () => {
    const alice = await registerUser(server);
    const [a1, a2] = await Promise.all([connect(alice), connect(alice)]);
    const note = await a1.sendText(alice.userID, 'remember');
    expect(note).toMatchObject({ seq: 1, conversationID: `si_${alice.userID}_${alice.userID}` });
    expect(await a2.waitForPushes(WsPush.NewMessage)).toEqual([note]);
    const total = await post<{ total: number }>(server, `/api${ImPath.getTotalUnread}`, {}, alice.imToken);
    expect(total.data!.total).toBe(0);
  });
});
