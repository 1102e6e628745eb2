import { describe, expect, it } from 'vitest';
import { ContentType } from '@im/protocol';
import { summarizeMessage } from '../src/utils/message-summary';
import { notice } from './fixtures';
import { translator } from './translate';

const en = { selfID: 'alice', t: translator('en') };
const zh = { selfID: 'alice', t: translator('zh-CN') };

/** A 2101 notice: `revoker` recalled a message whose author was `author` (docs/product.md#incoming-messages). */
const revoke = (revoker: [string, string], author: [string, string]) =>
  notice(ContentType.Revoke, {
    clientMsgID: 'x',
    conversationID: 'sg_g1',
    revokerID: revoker[0],
    revokerNickname: revoker[1],
    sourceMessageSendID: author[0],
    sourceMessageSenderNickname: author[1],
  });

describe('a revoke by an owner or admin names the author', () => {
  it('"X recalled a message of Y" when the revoker is not the author, in both languages', () => {
    expect(summarizeMessage(revoke(['bob', 'Bob'], ['carl', 'Carl']), en)).toBe(
      'Bob recalled a message of Carl',
    );
    expect(summarizeMessage(revoke(['bob', 'Bob'], ['carl', 'Carl']), zh)).toBe('Bob 撤回了 Carl 的一条消息');
  });

  it('says "You" for the current user on either side', () => {
    expect(summarizeMessage(revoke(['alice', 'Alice'], ['carl', 'Carl']), en)).toBe(
      'You recalled a message of Carl',
    );
    expect(summarizeMessage(revoke(['bob', 'Bob'], ['alice', 'Alice']), en)).toBe(
      'Bob recalled one of your messages',
    );
    expect(summarizeMessage(revoke(['bob', 'Bob'], ['alice', 'Alice']), zh)).toBe('Bob 撤回了你的一条消息');
  });

  it('an own revoke keeps its short text', () => {
    expect(summarizeMessage(revoke(['bob', 'Bob'], ['bob', 'Bob']), en)).toBe('Bob recalled a message');
    expect(summarizeMessage(revoke(['alice', 'Alice'], ['alice', 'Alice']), en)).toBe(
      'You recalled a message',
    );
  });
});
