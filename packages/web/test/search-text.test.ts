import { describe, expect, it } from 'vitest';
import { searchContacts } from '../src/utils/contact-search';
import { containsKeyword, splitByKeyword } from '../src/utils/search-text';
import { friend } from './contact-fixtures';
import { group } from './group-fixtures';

/** docs/product.md#search: hits are substrings, case-insensitive, Chinese included. */
describe('search text', () => {
  it('cuts a text around every hit of the keyword, case-insensitively', () => {
    expect(splitByKeyword('你好世界', '世界')).toEqual([
      { text: '你好', hit: false },
      { text: '世界', hit: true },
    ]);
    expect(splitByKeyword('Hello hello HELLO', 'hello')).toEqual([
      { text: 'Hello', hit: true },
      { text: ' ', hit: false },
      { text: 'hello', hit: true },
      { text: ' ', hit: false },
      { text: 'HELLO', hit: true },
    ]);
    expect(splitByKeyword('abc', '  ')).toEqual([{ text: 'abc', hit: false }]);
    expect(splitByKeyword('abc', 'x')).toEqual([{ text: 'abc', hit: false }]);
    expect(containsKeyword('你好世界', ' 好世 ')).toBe(true);
    expect(containsKeyword('你好世界', '界你')).toBe(false);
    expect(containsKeyword(undefined, 'a')).toBe(false);
  });

  it('finds friends by nickname or remark and groups by name', () => {
    const friends = [
      friend({ userID: 'u1', nickname: 'Alice Wang', remark: '' }),
      friend({ userID: 'u2', nickname: 'Bob', remark: '老王' }),
      friend({ userID: 'u3', nickname: 'Carol', remark: '' }),
    ];
    const groups = [
      group({ groupID: 'g1', groupName: '王者小组' }),
      group({ groupID: 'g2', groupName: 'Team' }),
    ];
    const ids = (keyword: string) => {
      const found = searchContacts(friends, groups, keyword);
      return [...found.friends.map((f) => f.userID), ...found.groups.map((g) => g.groupID)];
    };
    expect(ids('wang')).toEqual(['u1']);
    expect(ids('王')).toEqual(['u2', 'g1']);
    expect(ids('team')).toEqual(['g2']);
    expect(ids('nobody')).toEqual([]);
    expect(ids(' ')).toEqual([]);
  });
});
