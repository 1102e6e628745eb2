import { describe, expect, it } from 'vitest';
import type { MessageDraft } from '../src/message/message-row.ts';
import { storedRow } from '../src/message/stored-row.ts';
import { decodeItem, decodeStored, encodeItem, encodeStored } from '../src/message/store-thread-wire.ts';
import { textPair } from './support/text-pair.ts';

/**
 * What crosses to the store's thread and back (message/store-thread-wire.ts), through the structured
 * clone postMessage makes: a draft and its views arrive as they were, with no column added, and a
 * stored row is rebuilt on the caller's side as the store built it.
 */
describe('store thread wire', () => {
  const { views, draft } = textPair(1);
  const across = <T>(value: T): T => structuredClone(value);

  it('carries a draft with only its required columns, adding none', () => {
    const plain = draft('hello');
    const arrived = decodeItem(across(encodeItem(plain, views)));
    // toStrictEqual: a column the draft left out must stay absent, not arrive as undefined, or it
    // would cover the stored row's default.
    expect(arrived).toStrictEqual({ draft: plain, views });
  });

  it('carries every column a draft may have', () => {
    const full: Required<MessageDraft> = {
      ...(draft('everything') as Required<MessageDraft>),
      groupId: 'g1',
      senderNickname: 'Ann',
      senderFaceUrl: 'https://example.test/a.png',
      senderPlatformId: 5,
      ex: '{"k":1}',
      editTime: 17,
      reactions: '[]',
      burnDuration: 30,
      burnAt: 99,
    };
    expect(decodeItem(across(encodeItem(full, views)))).toStrictEqual({ draft: full, views });
  });

  it('answers a fresh row by what the store added, rebuilt from the draft as it was stored', () => {
    const sent = { ...draft('fresh'), ex: 'x' };
    const row = storedRow(sent, 7, 'a'.repeat(32), 1_700_000_000_000);
    const wire = across(encodeStored({ row, fresh: true }));
    expect(wire).toEqual([7, 'a'.repeat(32), 1_700_000_000_000]);
    expect(decodeStored(wire, sent)).toStrictEqual({ row, fresh: true });
  });

  it('answers a resend its earlier row whole, not one made from the new draft', () => {
    const earlier = storedRow(draft('first'), 3, 'b'.repeat(32), 1_600_000_000_000);
    const resent = { ...draft('first'), createTime: 1 };
    const decoded = decodeStored(across(encodeStored({ row: earlier, fresh: false })), resent);
    expect(decoded).toStrictEqual({ row: earlier, fresh: false });
  });
});
