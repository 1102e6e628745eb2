import { describe, expect, it } from 'vitest';
import { groupByLetter, indexLetter } from '../src/utils/friend-letters';

/**
 * Contacts are grouped by first letter (pinyin for Chinese), with # for others
 * (docs/product.md#avatars-and-contacts-list).
 */
describe('friend index letters', () => {
  it('a Latin first letter is its own index, upper case', () => {
    expect(indexLetter('ann')).toBe('A');
    expect(indexLetter('Bob')).toBe('B');
    expect(indexLetter('  zoe')).toBe('Z');
  });

  it('a Chinese name goes under the pinyin initial of its first character', () => {
    expect(indexLetter('张三')).toBe('Z');
    expect(indexLetter('李四')).toBe('L');
    expect(indexLetter('王五')).toBe('W');
    expect(indexLetter('阿明')).toBe('A');
  });

  it('a surname is read as a surname (曾 zeng, 单 shan)', () => {
    expect(indexLetter('曾小贤')).toBe('Z');
    expect(indexLetter('单田芳')).toBe('S');
  });

  it('digits, symbols, emoji, other scripts and empty names go under #', () => {
    for (const name of ['123', '_x', '😀 smile', 'Ölaf', 'Пётр', 'さくら', '', '   '])
      expect(indexLetter(name), name).toBe('#');
  });

  it('groups run A to Z with # last, each sorted by name (pinyin for Chinese)', () => {
    const names = ['张三', 'bob', '9lives', 'Ann', '赵六', 'alice', '李四', '😀', 'Zed'];
    const groups = groupByLetter(names, (n) => n);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'B', 'L', 'Z', '#']);
    expect(groups[0].items).toEqual(['alice', 'Ann']);
    expect(groups[3].items).toEqual(['Zed', '张三', '赵六']);
    expect([...groups[4].items].sort()).toEqual(['9lives', '😀']);
  });

  it('an empty list has no groups', () => {
    expect(groupByLetter([], (n: string) => n)).toEqual([]);
  });
});
