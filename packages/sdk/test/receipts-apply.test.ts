import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import {
  applyBurnNotice,
  applyReadMark,
  burnedTombstone,
  isBurnedMessage,
} from '../src/receipts/apply-receipts.ts';
import { MemoryStore } from '../src/store/memory-store.ts';
import { message, notice } from './support/chat-fixtures.ts';

const id = 'si_alice_bob';
const secret = (fields: Partial<MessageItem> = {}) =>
  message({ clientMsgID: 'secret', seq: 5, burnDuration: 30, textElem: { content: 'secret' }, ...fields });
const readMark = (burnAt: number) =>
  notice(ContentType.HasReadReceipt, {
    conversationID: id,
    userID: 'bob',
    hasReadSeq: 5,
    readTime: 1,
    burns: [{ clientMsgID: 'secret', seq: 5, burnAt }],
  });
const burnNotice = () =>
  notice(ContentType.MessagesBurned, { conversationID: id, messages: [{ clientMsgID: 'secret', seq: 5 }] });

describe('read marks and burn notices on this device (docs/sdk.md "Read receipts and burn-after-reading")', () => {
  it('a read mark starts the countdown of the held message, also when a pull stored it with it already', async () => {
    const store = new MemoryStore();
    await store.putMessages([secret()]);
    const first = await applyReadMark(store, readMark(9000));
    expect(first?.detail).toMatchObject({ userID: 'bob', hasReadSeq: 5 });
    expect(first?.changed.map((m) => m.burnAt)).toEqual([9000]);
    expect((await store.getMessage('secret'))?.burnAt).toBe(9000);
    // Applied again (or the store had the server's copy first): the timelines still get it.
    expect((await applyReadMark(store, readMark(9000)))?.changed.map((m) => m.burnAt)).toEqual([9000]);
    // Not a read mark, or one for a message not held: nothing to do.
    expect(await applyReadMark(store, burnNotice())).toBeNull();
    expect((await applyReadMark(new MemoryStore(), readMark(9000)))?.changed).toEqual([]);
  });

  it('a burn notice leaves a tombstone without content; twice is harmless; others are untouched', async () => {
    const store = new MemoryStore();
    const other = message({ clientMsgID: 'other', seq: 6 });
    await store.putMessages([secret({ burnAt: 9000 }), other]);
    const burned = await applyBurnNotice(store, burnNotice());
    expect(burned?.detail.messages).toEqual([{ clientMsgID: 'secret', seq: 5 }]);
    const held = (await store.getMessage('secret'))!;
    expect(JSON.stringify(held)).not.toContain('secret"}');
    expect(held).toMatchObject({ seq: 5, status: MessageStatus.Deleted, burnDuration: 30 });
    expect(held.textElem).toBeUndefined();
    expect(held.burnAt).toBeUndefined();
    expect(isBurnedMessage(held)).toBe(true);
    expect(await applyBurnNotice(store, burnNotice())).toMatchObject({ burned: [burnedTombstone(held)] });
    expect(await store.getMessage('other')).toEqual(other);
    expect(isBurnedMessage(secret())).toBe(false);
  });
});
