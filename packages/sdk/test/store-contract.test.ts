import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus } from '@im/protocol';
import type { UserInfo } from '@im/protocol';
import { MemoryStore } from '../src/store/memory-store.ts';
import { openIndexedDbStore } from '../src/store/indexeddb-store.ts';
import type { LocalStore } from '../src/store/local-store.ts';
import { conversation, textMessage } from './support/fixtures.ts';

let dbCounter = 0;
const backends: [string, () => Promise<LocalStore>][] = [
  ['memory', async () => new MemoryStore()],
  ['indexeddb (fake-indexeddb)', () => openIndexedDbStore(`user-${++dbCounter}`)],
];

describe.each(backends)('local store contract: %s', (_name, open) => {
  it('keeps conversations by id, replacing on put and deleting one', async () => {
    const store = await open();
    await store.putConversations([conversation('si_a_b'), conversation('sg_g1', { isPinned: true })]);
    await store.putConversations([conversation('si_a_b', { unreadCount: 3 })]);
    expect((await store.getConversation('si_a_b'))?.unreadCount).toBe(3);
    expect((await store.getConversations()).map((c) => c.conversationID).sort()).toEqual(['sg_g1', 'si_a_b']);
    await store.deleteConversation('sg_g1');
    expect(await store.getConversation('sg_g1')).toBeUndefined();
    expect(await store.getConversations()).toHaveLength(1);
  });

  it('orders messages by seq and pages backwards from a seq', async () => {
    const store = await open();
    const messages = [5, 1, 3, 2, 4].map((seq) => textMessage(seq));
    await store.putMessages(messages);
    const id = messages[0].conversationID;
    expect((await store.getMessagesBefore(id, Infinity, 10)).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect((await store.getMessagesBefore(id, Infinity, 2)).map((m) => m.seq)).toEqual([4, 5]);
    expect((await store.getMessagesBefore(id, 4, 2)).map((m) => m.seq)).toEqual([2, 3]);
    expect(await store.getMessagesBefore('si_other_x', Infinity, 10)).toEqual([]);
  });

  it('finds a message by clientMsgID and by seq, and rewrites it in place', async () => {
    const store = await open();
    const message = textMessage(7);
    await store.putMessages([message]);
    expect((await store.getMessage(message.clientMsgID))?.seq).toBe(7);
    expect((await store.getMessageBySeq(message.conversationID, 7))?.clientMsgID).toBe(message.clientMsgID);
    await store.putMessages([{ ...message, contentType: 2101 }]);
    expect((await store.getMessageBySeq(message.conversationID, 7))?.contentType).toBe(2101);
    expect(await store.getMessagesBefore(message.conversationID, Infinity, 10)).toHaveLength(1);
  });

  it('keeps unsent messages (seq 0) apart from history pages, oldest first, until replaced or deleted', async () => {
    const store = await open();
    await store.putMessages([1, 2].map((seq) => textMessage(seq)));
    const id = textMessage(1).conversationID;
    const unsent = (clientMsgID: string, createTime: number, status: number) =>
      textMessage(0, { clientMsgID, createTime, status });
    await store.putMessages([unsent('u2', 20, 3), unsent('u1', 10, 1)]);
    await store.putMessages([textMessage(0, { sendID: 'carol', clientMsgID: 'u3', createTime: 5 })]);
    expect((await store.getMessagesBefore(id, Infinity, 10)).map((m) => m.seq)).toEqual([1, 2]);
    expect((await store.getUnsentMessages(id)).map((m) => m.clientMsgID)).toEqual(['u1', 'u2']);
    expect((await store.getUnsentMessages()).map((m) => m.clientMsgID)).toEqual(['u3', 'u1', 'u2']);
    // Stored by the server: the same row, now with its seq.
    await store.putMessages([textMessage(3, { clientMsgID: 'u1', createTime: 10 })]);
    expect((await store.getUnsentMessages(id)).map((m) => m.clientMsgID)).toEqual(['u2']);
    expect((await store.getMessagesBefore(id, Infinity, 10)).map((m) => m.clientMsgID).at(-1)).toBe('u1');
    // A cleared history keeps what was never sent; deleting one removes it.
    await store.deleteMessages(id, 3);
    expect(await store.getMessagesBefore(id, Infinity, 10)).toEqual([]);
    expect((await store.getUnsentMessages(id)).map((m) => m.clientMsgID)).toEqual(['u2']);
    await store.deleteMessage('u2');
    expect(await store.getUnsentMessages(id)).toEqual([]);
  });

  it('deletes all messages of a conversation or those up to a seq, and no other conversation', async () => {
    const store = await open();
    await store.putMessages([1, 2, 3, 4].map((seq) => textMessage(seq)));
    const other = textMessage(1, { sendID: 'carol', clientMsgID: 'other-1' });
    await store.putMessages([other]);
    const id = textMessage(1).conversationID;
    await store.deleteMessages(id, 2);
    expect((await store.getMessagesBefore(id, Infinity, 10)).map((m) => m.seq)).toEqual([3, 4]);
    await store.deleteMessages(id);
    expect(await store.getMessagesBefore(id, Infinity, 10)).toEqual([]);
    expect(await store.getMessage('other-1')).toBeDefined();
  });

  it('searches written text by substring, newest first, never unsent, deleted or notices', async () => {
    const store = await open();
    const group = { conversationID: 'sg_g1', clientMsgID: '' };
    await store.putMessages([
      textMessage(1, { textElem: { content: '你好世界' } }),
      textMessage(2, { textElem: { content: 'Hello 世界' } }),
      textMessage(3, { textElem: { content: '世界 unsent' }, seq: 0, clientMsgID: 'unsent' }),
      textMessage(4, { textElem: { content: '世界 deleted' }, status: MessageStatus.Deleted }),
      textMessage(5, {
        contentType: ContentType.Revoke,
        textElem: undefined,
        notificationElem: { detail: '世界' },
      }),
      textMessage(6, {
        ...group,
        clientMsgID: 'at',
        contentType: ContentType.AtText,
        textElem: undefined,
        atTextElem: { text: '@x 世界', atUserList: ['x'] },
      }),
      textMessage(7, {
        ...group,
        clientMsgID: 'quote',
        contentType: ContentType.Quote,
        textElem: undefined,
        quoteElem: { text: 'quoting 世界' },
      }),
    ]);
    const found = async (keyword: string, conversationID?: string, limit = 10) =>
      (await store.searchMessages({ keyword, conversationID, limit })).map((m) => m.seq);
    expect(await found('世界')).toEqual([7, 6, 2, 1]);
    expect(await found('世界', 'sg_g1')).toEqual([7, 6]);
    expect(await found('世界', undefined, 2)).toEqual([7, 6]);
    expect(await found('hello')).toEqual([2]);
    expect(await found('界你')).toEqual([]);
  });

  it('keeps per-conversation seqs, meta and self info', async () => {
    const store = await open();
    expect(await store.getSeqs()).toEqual({});
    await store.setSeqs({ si_a_b: 4, sg_g: 9 });
    await store.setSeqs({ si_a_b: 6 });
    expect(await store.getSeqs()).toEqual({ si_a_b: 6, sg_g: 9 });
    expect(await store.getMeta('initialized')).toBeUndefined();
    await store.setMeta('initialized', true);
    expect(await store.getMeta('initialized')).toBe(true);
    const self = { userID: 'u1', nickname: 'Ann' } as UserInfo;
    await store.setSelfInfo(self);
    expect(await store.getSelfInfo()).toEqual(self);
  });

  it('hands out copies: changing a read row does not change the store', async () => {
    const store = await open();
    await store.putConversations([conversation('si_a_b')]);
    const read = await store.getConversation('si_a_b');
    read!.unreadCount = 99;
    expect((await store.getConversation('si_a_b'))?.unreadCount).toBe(0);
  });
});

describe('indexeddb store', () => {
  it('keeps its data across a reopen, per user', async () => {
    const first = await openIndexedDbStore('persist-user');
    await first.putMessages([textMessage(1)]);
    await first.setSeqs({ si_alice_bob: 1 });
    await first.close();
    const again = await openIndexedDbStore('persist-user');
    expect(await again.getSeqs()).toEqual({ si_alice_bob: 1 });
    expect(await again.getMessagesBefore('si_alice_bob', Infinity, 5)).toHaveLength(1);
    const someoneElse = await openIndexedDbStore('persist-other');
    expect(await someoneElse.getSeqs()).toEqual({});
  });
});
