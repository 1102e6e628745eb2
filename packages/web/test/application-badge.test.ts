import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESSED_STORAGE_KEY,
  countUnaccessed,
  friendAccessKey,
  markAccessed,
  readAccessed,
  writeAccessed,
} from '../src/stores/accessed-applications';
import { useContactStore } from '../src/stores/contact-store';
import { formatBadge } from '../src/utils/format-badge';
import { application } from './contact-fixtures';

/**
 * The contact tab badge (docs/product.md#tabs): pending received applications not opened yet (the
 * accessed ones are kept by user ID, docs/product.md#device-storage), capped at 99+, hidden at 0.
 */
describe('accessed applications and the contact badge', () => {
  beforeEach(() => {
    localStorage.clear();
    useContactStore.getState().reset();
  });

  it('counts pending received applications whose key is not accessed', () => {
    const list = [
      application({ fromUserID: 'a', createTime: 1 }),
      application({ fromUserID: 'b', createTime: 2 }),
      application({ fromUserID: 'c', createTime: 3, handleResult: 1 }),
      application({ fromUserID: 'd', createTime: 4, handleResult: -1 }),
    ];
    expect(countUnaccessed(list, [], friendAccessKey)).toBe(2);
    expect(countUnaccessed(list, ['a_1'], friendAccessKey)).toBe(1);
    expect(countUnaccessed(list, ['a_1', 'b_2'], friendAccessKey)).toBe(0);
  });

  it('an application sent again (new createTime) counts again', () => {
    const accessed = ['a_1'];
    expect(
      countUnaccessed([application({ fromUserID: 'a', createTime: 9 })], accessed, friendAccessKey),
    ).toBe(1);
  });

  it('opening the list marks every pending one; keys of applications gone are dropped', () => {
    const list = [
      application({ fromUserID: 'a', createTime: 5 }),
      application({ fromUserID: 'b', createTime: 2, handleResult: 1 }),
    ];
    expect(markAccessed(list, ['old_1', 'b_2'], friendAccessKey)).toEqual(['b_2', 'a_5']);
    // Not loaded yet: nothing is forgotten.
    expect(markAccessed([], ['a_1'], friendAccessKey)).toEqual(['a_1']);
  });

  it('keeps a list per user ID in local storage', () => {
    writeAccessed(localStorage, 'friend', 'me', ['a_1']);
    writeAccessed(localStorage, 'friend', 'other', ['x_2']);
    expect(readAccessed(localStorage, 'friend', 'me')).toEqual(['a_1']);
    expect(readAccessed(localStorage, 'friend', 'other')).toEqual(['x_2']);
    expect(readAccessed(localStorage, 'group', 'me')).toEqual([]);
    expect(JSON.parse(localStorage.getItem(ACCESSED_STORAGE_KEY.friend)!)).toEqual({
      me: ['a_1'],
      other: ['x_2'],
    });
    localStorage.setItem(ACCESSED_STORAGE_KEY.friend, 'not json');
    expect(readAccessed(localStorage, 'friend', 'me')).toEqual([]);
  });

  it('the store count follows the list, new applications and the accessed list', () => {
    const store = () => useContactStore.getState();
    store().setRecvFriendApplicationList([application({ fromUserID: 'a', createTime: 1 })]);
    expect(store().unHandleFriendApplicationNum).toBe(1);
    store().applyFriendApplication(application({ fromUserID: 'b', createTime: 2 }), 'me');
    expect(store().unHandleFriendApplicationNum).toBe(2);
    store().setAccessedFriendApplications(['a_1', 'b_2']);
    expect(store().unHandleFriendApplicationNum).toBe(0);
    // Sent again after being seen: counts again. Accepted: no longer pending.
    store().applyFriendApplication(application({ fromUserID: 'a', createTime: 3 }), 'me');
    expect(store().unHandleFriendApplicationNum).toBe(1);
    store().applyFriendApplication(application({ fromUserID: 'a', createTime: 3, handleResult: 1 }), 'me');
    expect(store().unHandleFriendApplicationNum).toBe(0);
    // The user's own applications never count.
    store().applyFriendApplication(application({ fromUserID: 'me', toUserID: 'z', createTime: 4 }), 'me');
    expect(store().unHandleFriendApplicationNum).toBe(0);
  });

  it('the badge shows the count up to 99, then 99+, and nothing at 0', () => {
    const many = Array.from({ length: 120 }, (_, i) => application({ fromUserID: `u${i}`, createTime: i }));
    expect(formatBadge(countUnaccessed(many.slice(0, 5), [], friendAccessKey))).toBe('5');
    expect(formatBadge(countUnaccessed(many.slice(0, 99), [], friendAccessKey))).toBe('99');
    expect(formatBadge(countUnaccessed(many, [], friendAccessKey))).toBe('99+');
    expect(formatBadge(countUnaccessed(many, many.map(friendAccessKey), friendAccessKey))).toBeUndefined();
  });
});
