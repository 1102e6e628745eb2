import { describe, expect, it } from 'vitest';
import {
  CALL_RECORD_CUSTOM_TYPE,
  CallSignal,
  ContentType,
  ErrCode,
  ImPath,
  parseCallSummary,
  singleConversationID,
  WsPush,
} from '@im/protocol';
import type { GetCallRecordsResp, HistoryResp, MessageItem } from '@im/protocol';
import { invitation, sendSignal } from './support/calls.ts';
import { api, makeFriends } from './support/friends.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const GRACE_MS = 15_000;

/**
 * The call signals on the online-only send path (docs/product.md#call-flow): each moves the call,
 * a signal that does not fit is refused and not pushed, and every call ends with one record for both
 * users and one summary message (custom 300) in their conversation.
 */
describe.each(databases)('call signals on %s', (database) => {
  let offset = 0;
  const { server, connect } = useSuiteServer({
    database,
    calls: { now: () => Date.now() + offset, graceMs: GRACE_MS },
  });

  async function pair() {
    offset = 0;
    const alice = await registerUser(server, { nickname: 'Alice' });
    const bob = await registerUser(server, { nickname: 'Bob' });
    await makeFriends(server, alice, bob);
    const [a, b, b2] = await Promise.all([connect(alice), connect(bob), connect(bob, { platformID: 2 })]);
    const call = invitation(alice.userID, bob.userID);
    expect((await sendSignal(a, bob.userID, CallSignal.Invite, call)).errCode).toBe(0);
    return { alice, bob, a, b, b2, call };
  }

  const records = (user: { userID: string; imToken: string }, filter = 'all') =>
    api<GetCallRecordsResp>(server, user, ImPath.getCallRecords, { filter }).then((r) => r.data!);

  async function summaryOf(user: { userID: string; imToken: string }, peerID: string) {
    const conversationID = singleConversationID(user.userID, peerID);
    const page = await api<HistoryResp>(server, user, ImPath.getHistory, { conversationID, count: 50 });
    const summaries = page.data!.messages.filter((m) => parseCallSummary(m.customElem?.data ?? '') !== null);
    return summaries.map((m) => ({
      ...parseCallSummary(m.customElem!.data)!,
      sendID: m.sendID,
      recvID: m.recvID,
    }));
  }

  it('invite, accept and hang up: success with its duration for both, one summary, both devices told', async () => {
    const { alice, bob, a, b, b2, call } = await pair();
    // Both of Bob's devices ring.
    await b.waitForPushes(WsPush.OnlineOnly);
    await b2.waitForPushes(WsPush.OnlineOnly);
    expect((await sendSignal(b, alice.userID, CallSignal.Accept, call)).errCode).toBe(0);
    // Alice hears the accept, and so does Bob's other device (it stops ringing); the sending one does not.
    const accepts = (await b2.waitForPushes<MessageItem>(WsPush.OnlineOnly, 2)).map(
      (m) => m.customElem!.data,
    );
    expect(accepts[1]).toContain(`"customType":${CallSignal.Accept}`);
    await a.waitForPushes(WsPush.OnlineOnly);
    expect(b.pushesOf(WsPush.OnlineOnly)).toHaveLength(1);

    offset = 134_000;
    expect((await sendSignal(a, bob.userID, CallSignal.Hungup, call)).errCode).toBe(0);
    const summary = { roomID: call.roomID, mediaType: 'video', outcome: 'success', duration: 134 };
    const stored = await a.waitForPushes<MessageItem>(WsPush.NewMessage);
    expect(stored.at(-1)).toMatchObject({ contentType: ContentType.Custom, sendID: alice.userID, seq: 2 });
    expect(JSON.parse(stored.at(-1)!.customElem!.data)).toEqual({
      customType: CALL_RECORD_CUSTOM_TYPE,
      data: summary,
    });
    await b2.waitForPushes(WsPush.NewMessage);
    for (const [user, peer] of [
      [alice, bob],
      [bob, alice],
    ] as const)
      expect(await summaryOf(user, peer.userID)).toEqual([
        { ...summary, sendID: alice.userID, recvID: bob.userID },
      ]);

    const mine = await records(alice);
    expect(mine.total).toBe(1);
    expect(mine.records[0]).toMatchObject({
      roomID: call.roomID,
      inviterUserID: alice.userID,
      inviteeUserID: bob.userID,
      mediaType: 'video',
      outcome: 'success',
      duration: 134,
      direction: 'outgoing',
      peer: { userID: bob.userID, nickname: 'Bob', faceURL: '' },
    });
    expect(mine.records[0].connectTime).toBeGreaterThanOrEqual(mine.records[0].startTime);
    expect(mine.records[0].endTime - mine.records[0].connectTime).toBeGreaterThanOrEqual(134_000);
    expect((await records(bob)).records[0]).toMatchObject({
      outcome: 'success',
      duration: 134,
      direction: 'incoming',
      peer: { userID: alice.userID, nickname: 'Alice' },
    });
    // The call is over: another hang-up does not fit it.
    expect((await sendSignal(b, alice.userID, CallSignal.Hungup, call)).errCode).toBe(ErrCode.NOT_FOUND);
  });

  it('reject: refused for both (busy too), and the other device hears it', async () => {
    const { alice, bob, b, b2, call } = await pair();
    expect((await sendSignal(b, alice.userID, CallSignal.Reject, { ...call, busy: true })).errCode).toBe(0);
    await b2.waitForPushes(WsPush.OnlineOnly, 2);
    expect((await records(alice)).records.map((r) => r.outcome)).toEqual(['refused']);
    expect((await records(bob)).records.map((r) => [r.outcome, r.duration])).toEqual([['refused', 0]]);
    expect((await summaryOf(bob, alice.userID)).map((s) => s.outcome)).toEqual(['refused']);
    expect((await records(bob, 'missed')).total).toBe(0);
  });

  it('cancel before the timeout is canceled, after it timeout; both are missed for the callee', async () => {
    const first = await pair();
    expect((await sendSignal(first.a, first.bob.userID, CallSignal.Cancel, first.call)).errCode).toBe(0);
    // Cancel raced by an accept: the later one does not fit and is not pushed.
    expect((await sendSignal(first.b, first.alice.userID, CallSignal.Accept, first.call)).errCode).toBe(
      ErrCode.NOT_FOUND,
    );
    expect((await records(first.alice)).records.map((r) => r.outcome)).toEqual(['canceled']);

    const late = invitation(first.alice.userID, first.bob.userID);
    expect((await sendSignal(first.a, first.bob.userID, CallSignal.Invite, late)).errCode).toBe(0);
    offset = 31_000;
    expect((await sendSignal(first.a, first.bob.userID, CallSignal.Cancel, late)).errCode).toBe(0);
    const bobs = await records(first.bob);
    expect(bobs.records.map((r) => r.outcome)).toEqual(['timeout', 'canceled']);
    expect((await records(first.bob, 'missed')).total).toBe(2);
    expect((await records(first.bob, 'incoming')).total).toBe(2);
    expect((await records(first.bob, 'outgoing')).total).toBe(0);
    expect((await records(first.alice, 'outgoing')).total).toBe(2);
    expect((await records(first.alice, 'missed')).total).toBe(0);
    expect((await summaryOf(first.alice, first.bob.userID)).map((s) => s.outcome)).toEqual([
      'canceled',
      'timeout',
    ]);
  });

  it('ends an unanswered call as timeout once its timeout and the grace passed, when nobody cancels', async () => {
    const { alice, bob, call } = await pair();
    offset = call.timeout * 1000 + GRACE_MS - 1000;
    await server.app.calls.service.sweep();
    expect((await records(alice)).total).toBe(0);
    offset = call.timeout * 1000 + GRACE_MS + 1000;
    await server.app.calls.service.sweep();
    expect((await records(alice)).records.map((r) => r.outcome)).toEqual(['timeout']);
    expect((await summaryOf(bob, alice.userID)).map((s) => s.outcome)).toEqual(['timeout']);
  });

  it('refuses a signal from a non-participant, a wrong sender or for an unknown room, and pushes nothing', async () => {
    const { alice, bob, a, b, call } = await pair();
    const carol = await registerUser(server, { nickname: 'Carol' });
    await makeFriends(server, carol, bob);
    await makeFriends(server, carol, alice);
    const c = await connect(carol);
    // Carol pretends to answer Alice's call to Bob, or hangs it up.
    expect(
      (await sendSignal(c, alice.userID, CallSignal.Accept, { ...call, inviteeUserIDList: [carol.userID] }))
        .errCode,
    ).toBe(ErrCode.NO_PERMISSION);
    expect((await sendSignal(c, bob.userID, CallSignal.Hungup, call)).errCode).toBe(ErrCode.NO_PERMISSION);
    // Carol cannot take over the room with an invite of her own.
    expect(
      (await sendSignal(c, bob.userID, CallSignal.Invite, { ...call, inviterUserID: carol.userID })).errCode,
    ).toBe(ErrCode.NO_PERMISSION);
    // The caller cannot accept her own call; nobody can answer a room that does not exist.
    expect((await sendSignal(a, bob.userID, CallSignal.Accept, call)).errCode).toBe(ErrCode.NO_PERMISSION);
    const unknown = invitation(alice.userID, bob.userID);
    expect((await sendSignal(b, alice.userID, CallSignal.Accept, unknown)).errCode).toBe(ErrCode.NOT_FOUND);
    // A call signal without its invitation.
    expect((await sendSignal(b, alice.userID, CallSignal.Accept, {} as typeof call)).errCode).toBe(
      ErrCode.ARGS,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.pushesOf(WsPush.OnlineOnly)).toHaveLength(1); // Alice's invite only
    expect(a.pushesOf(WsPush.OnlineOnly)).toEqual([]);
    expect((await records(alice)).total).toBe(0);
  });
});
