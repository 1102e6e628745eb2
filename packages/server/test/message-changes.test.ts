import { describe, expect, it } from 'vitest';
import { ContentType, ErrCode, GroupPath, ImPath, parseChangeDetail, WsPush, WsReq } from '@im/protocol';
import type { ConversationItem, EditDetail, HistoryResp, MessageItem, ReactionDetail } from '@im/protocol';
import { api, onlineFriends } from './support/friends.ts';
import type { GatewayClient } from './support/gateway.ts';
import { newClientMsgID } from './support/gateway.ts';
import { createTeam, groupCall, groupText } from './support/groups.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * Edits and reactions, changes to sent messages (docs/api.md#message-changes): the target rewritten
 * in place, a silent notice with its own seq pushed and pulled, every refusal answered with its code
 * and nothing changed.
 */
describe.each(databases)('message changes on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const edit = (client: GatewayClient, target: MessageItem, text: string, opID = newClientMsgID()) =>
    client.request<MessageItem>(WsReq.Edit, {
      conversationID: target.conversationID,
      seq: target.seq,
      opID,
      contentType: ContentType.Text,
      content: { content: text },
    });
  const react = (
    client: GatewayClient,
    target: MessageItem,
    emoji: string,
    added = true,
    opID = newClientMsgID(),
  ) =>
    client.request<MessageItem>(WsReq.React, {
      conversationID: target.conversationID,
      seq: target.seq,
      opID,
      emoji,
      added,
    });
  const pullOne = async (client: GatewayClient, conversationID: string, seq: number) => {
    const { msgs } = await client.call<{ msgs: Record<string, MessageItem[]> }>(WsReq.PullMsgs, {
      ranges: [{ conversationID, begin: seq, end: seq }],
    });
    return msgs[conversationID]?.[0];
  };
  const conversationOf = async (user: { userID: string; imToken: string }, conversationID: string) => {
    const answer = await api<{ conversations: ConversationItem[] }>(server, user, ImPath.getConversations, {
      conversationIDs: [conversationID],
    });
    return answer.data!.conversations[0];
  };
  const maxSeqOf = async (client: GatewayClient, conversationID: string) =>
    (await client.call<{ maxSeqs: Record<string, number> }>(WsReq.GetMaxSeqs, {})).maxSeqs[conversationID];

  it('an edit rewrites the text in place and is pushed, pulled and summarised, never counted', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    const sent = await a.sendText(bob.userID, 'helo');
    const answer = await edit(a, sent, 'hello');
    expect(answer.errCode).toBe(0);
    const notice = answer.data!;
    expect(notice).toMatchObject({
      contentType: ContentType.MessageEdited,
      seq: sent.seq + 1,
      sendID: alice.userID,
    });
    const detail = parseChangeDetail<EditDetail>(notice.notificationElem?.detail);
    expect(detail).toMatchObject({ clientMsgID: sent.clientMsgID, seq: sent.seq, editorID: alice.userID });
    expect(JSON.parse(detail!.content)).toEqual({ content: 'hello' });

    // Bob hears of it live, and a pull of the target answers it as edited.
    const pushed = await b.waitForPushes<MessageItem>(WsPush.NewMessage, 2);
    expect(pushed.at(-1)).toMatchObject({ clientMsgID: notice.clientMsgID, seq: notice.seq });
    const target = await pullOne(b, id, sent.seq);
    expect(target).toMatchObject({ clientMsgID: sent.clientMsgID, textElem: { content: 'hello' } });
    expect(target!.editTime).toBe(detail!.editTime);
    const page = await api<HistoryResp>(server, bob, ImPath.getHistory, { conversationID: id, count: 5 });
    expect(page.data!.messages.find((m) => m.seq === sent.seq)?.textElem?.content).toBe('hello');

    // The list shows the edited text as the last message; the notice counts as nothing unread.
    const item = await conversationOf(bob, id);
    expect(item.latestMsg).toMatchObject({ clientMsgID: sent.clientMsgID, textElem: { content: 'hello' } });
    expect(item.unreadCount).toBe(1);
    expect(item.maxSeq).toBe(notice.seq);
    expect(item.latestMsgSendTime).toBe(sent.sendTime);
  });

  it('a retried edit or reaction (same opID) answers the first notice and stores nothing more', async () => {
    const { bob, a, b, id } = await onlineFriends(server, connect);
    const sent = await a.sendText(bob.userID, 'one');
    const first = await edit(a, sent, 'two', 'op-edit-0001');
    const again = await edit(a, sent, 'two', 'op-edit-0001');
    expect(again.data!.seq).toBe(first.data!.seq);
    const r1 = await react(b, sent, '👍', true, 'op-react-0001');
    const r2 = await react(b, sent, '👍', true, 'op-react-0001');
    expect(r2.data!.seq).toBe(r1.data!.seq);
    expect(await maxSeqOf(a, id)).toBe(r1.data!.seq);
  });

  it('refuses edits of others’ messages, past 48 hours, of revoked or non-text messages; nothing changes', async () => {
    const { alice, bob, a, b, id } = await onlineFriends(server, connect);
    const sent = await a.sendText(bob.userID, 'original');
    const before = await maxSeqOf(a, id);
    expect((await edit(b, sent, 'hacked')).errCode).toBe(ErrCode.NO_PERMISSION);
    const bad = await a.request(WsReq.Edit, {
      conversationID: id,
      seq: sent.seq,
      opID: newClientMsgID(),
      contentType: ContentType.Text,
      content: { content: '' },
    });
    expect(bad.errCode).toBe(ErrCode.ARGS);
    const notText = await a.request(WsReq.Edit, {
      conversationID: id,
      seq: 1,
      opID: newClientMsgID(),
      contentType: ContentType.Text,
      content: { content: 'x' },
    });
    expect(notText.errCode).toBe(ErrCode.NO_PERMISSION);
    // Sent 49 hours ago.
    await server.app.messenger.db
      .updateTable('messages')
      .set({ sendTime: Date.now() - 49 * 3600 * 1000 })
      .where('conversationId', '=', id)
      .where('seq', '=', sent.seq)
      .execute();
    expect((await edit(a, sent, 'late')).errCode).toBe(ErrCode.EDIT_WINDOW_PASSED);
    const fresh = await a.sendText(bob.userID, 'to revoke');
    await a.call(WsReq.Revoke, { conversationID: id, seq: fresh.seq });
    const afterRevoke = await maxSeqOf(a, id);
    expect((await edit(a, fresh, 'too late')).errCode).toBe(ErrCode.MESSAGE_GONE);
    expect((await react(b, fresh, '👍')).errCode).toBe(ErrCode.MESSAGE_GONE);
    expect(await maxSeqOf(a, id)).toBe(afterRevoke);
    expect(afterRevoke).toBe(before + 2);
    expect((await pullOne(b, id, sent.seq))?.textElem?.content).toBe('original');
    expect(alice.userID).not.toBe(bob.userID);
  });

  it('reactions: totals per emoji in order, taken back, pushed to both; only the listed emojis', async () => {
    const { bob, a, b, id } = await onlineFriends(server, connect);
    const sent = await a.sendText(bob.userID, 'react to me');
    expect((await react(b, sent, '👍')).errCode).toBe(0);
    expect((await react(a, sent, '👍')).errCode).toBe(0);
    expect((await react(b, sent, '❤️')).errCode).toBe(0);
    const last = await react(b, sent, '👍', false);
    const detail = parseChangeDetail<ReactionDetail>(last.data!.notificationElem?.detail);
    const expected = [
      { emoji: '👍', userIDs: [sent.sendID] },
      { emoji: '❤️', userIDs: [bob.userID] },
    ];
    expect(detail).toMatchObject({ userID: bob.userID, emoji: '👍', added: false, reactions: expected });
    expect((await pullOne(a, id, sent.seq))?.reactions).toEqual(expected);
    // Alice's socket heard Bob's three reactions (her own change is answered, not pushed back).
    const heard = await a.waitForPushes<MessageItem>(WsPush.NewMessage, 3);
    expect(heard.filter((m) => m.contentType === ContentType.ReactionChanged)).toHaveLength(3);
    expect((await react(b, sent, '🦄')).errCode).toBe(ErrCode.ARGS);
    // The list's summary stays the message itself, and the reactions never count as unread.
    const item = await conversationOf(bob, id);
    expect(item.latestMsg?.clientMsgID).toBe(sent.clientMsgID);
    expect(item.unreadCount).toBe(1);
  });

  it('obeys the group’s mute rules: a muted member may neither edit nor react; mute all stops members', async () => {
    const { users, groupID } = await createTeam(server, ['Owner', 'Admin', 'Member']);
    const [owner, admin, member] = users;
    const [o, ad, m] = await Promise.all(users.map((u) => connect(u)));
    const own = await m.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'mine'));
    const owners = await o.call<MessageItem>(WsReq.SendMsg, groupText(groupID, 'the owner’s'));
    expect((await react(m, owners, '😂')).errCode).toBe(0);
    await groupCall(server, admin, GroupPath.changeGroupMemberMute, {
      groupID,
      userID: member.userID,
      mutedSeconds: 600,
    });
    expect((await edit(m, own, 'edited')).errCode).toBe(ErrCode.GROUP_MEMBER_MUTED);
    expect((await react(m, owners, '👍')).errCode).toBe(ErrCode.GROUP_MEMBER_MUTED);
    await groupCall(server, admin, GroupPath.changeGroupMemberMute, {
      groupID,
      userID: member.userID,
      mutedSeconds: 0,
    });
    await groupCall(server, owner, GroupPath.changeGroupMute, { groupID, isMute: true });
    expect((await react(m, owners, '👍')).errCode).toBe(ErrCode.GROUP_MUTED);
    expect((await edit(m, own, 'edited')).errCode).toBe(ErrCode.GROUP_MUTED);
    expect((await react(ad, own, '👍')).errCode).toBe(0);
    await groupCall(server, owner, GroupPath.changeGroupMute, { groupID, isMute: false });
    expect((await edit(m, own, 'edited')).errCode).toBe(0);
    const seen = await pullOne(o, own.conversationID, own.seq);
    expect(seen).toMatchObject({
      textElem: { content: 'edited' },
      reactions: [{ emoji: '👍', userIDs: [admin.userID] }],
    });
  });
});
