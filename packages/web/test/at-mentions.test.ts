import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG, RoleLevel } from '@im/protocol';
import {
  atAllMention,
  atPickerOptions,
  buildAtMessage,
  insertMention,
  typedAt,
} from '../src/utils/at-mentions';
import { member } from './group-fixtures';

const members = [
  member({ userID: 'alice', roleLevel: RoleLevel.Owner }),
  member({ userID: 'bob', roleLevel: RoleLevel.Admin }),
  member({ userID: 'carl', groupNickname: 'Carlos' }),
  member({ userID: 'bobby' }),
];
const labels = ['All members', 'all'];
const ids = (list: { userID: string }[]) => list.map((m) => m.userID);

/** The composer's @ picker (issue "Groups"): members, and @all by role. */
describe('@ picker', () => {
  it('lists the other members; the keyword filters by name in the group or ID, any case', () => {
    const me = { userID: 'alice', roleLevel: RoleLevel.Owner };
    expect(ids(atPickerOptions(members, me, '', labels).members)).toEqual(['bob', 'carl', 'bobby']);
    expect(ids(atPickerOptions(members, me, 'BOB', labels).members)).toEqual(['bob', 'bobby']);
    expect(ids(atPickerOptions(members, me, 'carlos', labels).members)).toEqual(['carl']);
    expect(ids(atPickerOptions(members, me, 'zed', labels).members)).toEqual([]);
  });

  it('@all for the owner and admins only, while the keyword matches its label', () => {
    expect(atPickerOptions(members, { userID: 'alice', roleLevel: RoleLevel.Owner }, '', labels).all).toBe(
      true,
    );
    expect(atPickerOptions(members, { userID: 'bob', roleLevel: RoleLevel.Admin }, 'al', labels).all).toBe(
      true,
    );
    expect(atPickerOptions(members, { userID: 'bob', roleLevel: RoleLevel.Admin }, 'bo', labels).all).toBe(
      false,
    );
    expect(atPickerOptions(members, { userID: 'carl', roleLevel: RoleLevel.Member }, '', labels).all).toBe(
      false,
    );
    expect(atPickerOptions(members, { userID: 'carl', roleLevel: undefined }, '', labels).all).toBe(false);
  });

  it('typing "@" is noticed at the caret; other edits are not', () => {
    expect(typedAt('', '@', 1)).toBe(true);
    expect(typedAt('hi ', 'hi @', 4)).toBe(true);
    expect(typedAt('hi there', 'hi @there', 4)).toBe(true);
    expect(typedAt('hi', 'hi@x', 4)).toBe(false);
    expect(typedAt('a@', 'a@b', 3)).toBe(false);
    expect(typedAt('@', '', 0)).toBe(false);
  });

  it('a pick replaces the typed "@" with "@name "', () => {
    expect(insertMention('hi @', 4, 'Bob')).toEqual({ text: 'hi @Bob ', caret: 8 });
    expect(insertMention('@ there', 1, 'Carlos')).toEqual({ text: '@Carlos  there', caret: 8 });
  });

  it('the send is an at-text naming the picked members still in the text, longer names first', () => {
    const at = buildAtMessage('@Bobby and @Bob, lunch?', [
      { userID: 'bob', name: 'Bob' },
      { userID: 'bobby', name: 'Bobby' },
      { userID: 'carl', name: 'Carlos' },
    ]);
    expect(at).toEqual({
      text: '@bobby and @bob, lunch?',
      atUserIDList: ['bobby', 'bob'],
      atUsersInfo: [
        { atUserID: 'bobby', groupNickname: 'Bobby' },
        { atUserID: 'bob', groupNickname: 'Bob' },
      ],
    });
    expect(buildAtMessage('no mention left', [{ userID: 'bob', name: 'Bob' }])).toBeNull();
    expect(buildAtMessage('@all meet at 5', [atAllMention('all')])).toEqual({
      text: `@${AT_ALL_TAG} meet at 5`,
      atUserIDList: [AT_ALL_TAG],
      atUsersInfo: [{ atUserID: AT_ALL_TAG, groupNickname: 'all' }],
    });
  });
});
