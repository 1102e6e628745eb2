import { describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import { sendBlockForCode, sendBlockForRelation, sendBlockPlaceholder } from '../src/utils/send-block';
import { translator } from './translate';

/**
 * The composer's placeholder says why sending is blocked (docs/product.md#composer; docs/api.md codes
 * 1301, 1302, 1306).
 */
describe('send failure code → composer placeholder', () => {
  it('1301 is "not a friend"; 1302 and 1306 are "blacklisted"; others block nothing', () => {
    expect(sendBlockForCode(ErrCode.NOT_FRIEND)).toBe('notFriend');
    expect(sendBlockForCode(ErrCode.BLOCKED_BY_PEER)).toBe('blacklisted');
    expect(sendBlockForCode(ErrCode.IN_OWN_BLACKLIST)).toBe('blacklisted');
    for (const code of [0, -1, -2, 1001, 1004, 1303, 1501])
      expect(sendBlockForCode(code), String(code)).toBeNull();
  });

  it('checkFriend: own blacklist first, then friendship', () => {
    expect(sendBlockForRelation({ isFriend: true, isBlack: false })).toBeNull();
    expect(sendBlockForRelation({ isFriend: false, isBlack: false })).toBe('notFriend');
    expect(sendBlockForRelation({ isFriend: true, isBlack: true })).toBe('blacklisted');
    expect(sendBlockForRelation({ isFriend: false, isBlack: true })).toBe('blacklisted');
  });

  it('each reason has a placeholder in both languages', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const t = translator(language);
      expect(t(sendBlockPlaceholder.notFriend)).not.toBe(sendBlockPlaceholder.notFriend);
      expect(t(sendBlockPlaceholder.blacklisted)).not.toBe(sendBlockPlaceholder.blacklisted);
    }
    const en = translator('en');
    expect(en(sendBlockPlaceholder.notFriend)).toMatch(/not a friend/i);
    expect(en(sendBlockPlaceholder.blacklisted)).toMatch(/blacklisted/i);
  });
});
