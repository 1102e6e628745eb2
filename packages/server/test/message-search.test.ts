import { describe, expect, it } from 'vitest';
import { ErrCode, GroupPath, ImPath, SearchPath, WsReq } from '@im/protocol';
import type { MessageItem, SearchMessagesResp, SendMsgReq } from '@im/protocol';
import { api, onlineFriends } from './support/friends.ts';
import { createTeam, groupCall, groupText } from './support/groups.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * Message search on the server (docs/api.md#message-search): only the caller's conversations, only
 * within the range they may see, never a revoked, burned, notification or change-notice row; the
 * index follows inserts, in-place rewrites and deletes (migration 0011's triggers).
 */
describe.each(databases)('message search on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  const search = async (user: User, body: Record<string, unknown>) => {
    const answer = await api<SearchMessagesResp>(server, user, SearchPath.searchMessages, body);
    expect(answer.errCode).toBe(0);
    return answer.data!;
  };
  const texts = (page: SearchMessagesResp) => page.messages.map((m) => m.textElem?.content);
  /** The in-place rewrite the burn deletion does (docs/api.md#message-changes): content emptied. */
  const tombstone = (message: MessageItem) =>
    server.app.messenger.db
      .updateTable('messages')
      .set({ content: '' })
      .where('conversationId', '=', message.conversationID)
      .where('seq', '=', message.seq)
      .execute();

  it('finds Chinese by a substring of two or more characters, and Latin text case-insensitively', async () => {
    const { alice, bob, a, id } = await onlineFriends(server, connect);
    const sent = await a.sendText(bob.userID, '你好世界');
    await a.sendText(bob.userID, 'Hello World');
    for (const keyword of ['世界', '好世界', '你好世界']) {
      const page = await search(bob, { keyword });
      expect(page.messages.map((m) => m.clientMsgID)).toEqual([sent.clientMsgID]);
      expect(page.messages[0]).toMatchObject({ conversationID: id, seq: sent.seq, sendID: alice.userID });
    }
    expect(texts(await search(alice, { keyword: 'world', conversationID: id }))).toEqual(['Hello World']);
    expect(texts(await search(alice, { keyword: 'lo w' }))).toEqual(['Hello World']);
    expect((await search(bob, { keyword: '世界你' })).messages).toEqual([]);
    // A LIKE wildcard is a literal character.
    expect((await search(bob, { keyword: '%' })).messages).toEqual([]);
    expect((await search(bob, { keyword: '_界' })).messages).toEqual([]);
  });

  it('takes %, _ and \\ in a keyword of three or more characters literally', async () => {
    const { bob, a } = await onlineFriends(server, connect);
    await a.sendText(bob.userID, 'Hello World');
    await a.sendText(bob.userID, 'done 100%_sure \\o/');
    // As wildcards these would match "Hello World" ("lo W", "llo World").
    for (const keyword of ['lo_w', 'l%d', 'llo%'])
      expect((await search(bob, { keyword })).messages).toEqual([]);
    for (const keyword of ['0%_s', '100%', '%_sure', '\\o/'])
      expect(texts(await search(bob, { keyword }))).toEqual(['done 100%_sure \\o/']);
  });

  it('answers only conversations of the caller, one when asked, newest first, paged', async () => {
    const { alice, bob, a } = await onlineFriends(server, connect);
    const outsider = await registerUser(server, { nickname: 'Eve' });
    for (let i = 1; i <= 5; i += 1) await a.sendText(bob.userID, `needle ${i}`);
    expect((await search(outsider, { keyword: 'needle' })).messages).toEqual([]);
    const first = await search(bob, { keyword: 'needle', count: 3 });
    expect(texts(first)).toEqual(['needle 5', 'needle 4', 'needle 3']);
    expect(first.hasMore).toBe(true);
    const second = await search(bob, { keyword: 'needle', count: 3, offset: 3 });
    expect(texts(second)).toEqual(['needle 2', 'needle 1']);
    expect(second.hasMore).toBe(false);
    expect((await search(alice, { keyword: 'needle', conversationID: 'si_nobody_else' })).messages).toEqual(
      [],
    );
  });

  it('never finds a revoked message, a burned (emptied) one, the old text of an edited one, nor notifications', async () => {
    const { alice, bob, a, id } = await onlineFriends(server, connect);
    const revoked = await a.sendText(bob.userID, 'revoked 秘密消息');
    const burned = await a.sendText(bob.userID, 'burned 秘密消息');
    const kept = await a.sendText(bob.userID, 'kept 秘密消息');
    await a.call(WsReq.Revoke, { conversationID: id, seq: revoked.seq });
    await tombstone(burned);
    // An edit rewrites the row's content in place: the index follows it.
    await server.app.messenger.db
      .updateTable('messages')
      .set({ content: JSON.stringify({ content: 'edited 新的文字' }) })
      .where('conversationId', '=', id)
      .where('seq', '=', kept.seq)
      .execute();
    for (const user of [alice, bob]) {
      expect((await search(user, { keyword: '秘密' })).messages).toEqual([]);
      expect((await search(user, { keyword: 'revoked' })).messages).toEqual([]);
      expect((await search(user, { keyword: 'burned' })).messages).toEqual([]);
      expect(texts(await search(user, { keyword: '新的' }))).toEqual(['edited 新的文字']);
    }
    // A deleted row leaves the index.
    await server.app.messenger.db
      .deleteFrom('messages')
      .where('conversationId', '=', id)
      .where('seq', '=', kept.seq)
      .execute();
    expect((await search(bob, { keyword: '新的' })).messages).toEqual([]);
    // The friend-added notice names Alice; notices are never found.
    expect((await search(bob, { keyword: 'Alice' })).messages).toEqual([]);
  });

  it('keeps to the visible range: not before a join or a clear, not after a leave', async () => {
    const { users, outsiders, groupID } = await createTeam(server, ['Olga', 'Adam', 'Mia'], {
      outsiders: ['Nina'],
    });
    const [owner, , mia] = users;
    const [nina] = outsiders;
    const socket = await connect(owner);
    const send = (text: string) =>
      socket.call<MessageItem>(WsReq.SendMsg, groupText(groupID, text) as SendMsgReq);
    await send('before join 草莓');
    await groupCall(server, owner, GroupPath.inviteUserToGroup, { groupID, userIDList: [nina.userID] });
    await send('after join 草莓');
    expect(texts(await search(nina, { keyword: '草莓' }))).toEqual(['after join 草莓']);

    await groupCall(server, mia, GroupPath.quitGroup, { groupID });
    await send('after leave 草莓');
    expect(texts(await search(mia, { keyword: '草莓' }))).toEqual(['after join 草莓', 'before join 草莓']);
    expect(texts(await search(owner, { keyword: '草莓' }))).toEqual([
      'after leave 草莓',
      'after join 草莓',
      'before join 草莓',
    ]);

    const conversationID = `sg_${groupID}`;
    expect((await api(server, owner, ImPath.clearConversation, { conversationID })).errCode).toBe(0);
    expect((await search(owner, { keyword: '草莓' })).messages).toEqual([]);
    await send('after clear 草莓');
    expect(texts(await search(owner, { keyword: '草莓', conversationID }))).toEqual(['after clear 草莓']);
  });

  it('refuses a request outside the schema with ARGS', async () => {
    const user = await registerUser(server, { nickname: 'Zed' });
    for (const body of [
      {},
      { keyword: '   ' },
      { keyword: 'x'.repeat(65) },
      { keyword: 'ok', count: 51 },
      { keyword: 'ok', count: 0 },
      { keyword: 'ok', offset: -1 },
      { keyword: 'ok', offset: 1001 },
      { keyword: 5 },
    ]) {
      const answer = await api(server, user, SearchPath.searchMessages, body);
      expect(answer.errCode, JSON.stringify(body)).toBe(ErrCode.ARGS);
    }
  });
});
