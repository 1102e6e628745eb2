import { describe, expect, it } from 'vitest';
import {
  applyApplication,
  byUserID,
  recvFriendApplicationKey,
  removeByKey,
  sendFriendApplicationKey,
  upsertByKey,
} from '../src/stores/contact-lists';
import { useContactStore } from '../src/stores/contact-store';
import { application, black, friend } from './contact-fixtures';

/**
 * Updates replace or remove by key; a new application replaces the one with its key
 * (docs/product.md#contacts-updates).
 */
describe('contacts lists by key', () => {
  it('an update replaces the item with its key in place; an unknown key is added', () => {
    const list = [friend({ userID: 'a' }), friend({ userID: 'b' })];
    const renamed = upsertByKey(list, friend({ userID: 'a', remark: 'Annie' }), byUserID);
    expect(renamed.map((f) => [f.userID, f.remark])).toEqual([
      ['a', 'Annie'],
      ['b', ''],
    ]);
    expect(upsertByKey(list, friend({ userID: 'c' }), byUserID).map(byUserID)).toEqual(['a', 'b', 'c']);
    expect(upsertByKey(list, friend({ userID: 'c' }), byUserID, 'start').map(byUserID)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('a removal drops only the item with its key', () => {
    const list = [friend({ userID: 'a' }), friend({ userID: 'b' })];
    expect(removeByKey(list, 'a', byUserID).map(byUserID)).toEqual(['b']);
    expect(removeByKey(list, 'zz', byUserID).map(byUserID)).toEqual(['a', 'b']);
  });

  it('received applications are keyed by fromUserID, sent ones by toUserID', () => {
    const a = application({ fromUserID: 'x', toUserID: 'me' });
    expect(recvFriendApplicationKey(a)).toBe('x');
    expect(sendFriendApplicationKey(a)).toBe('me');
  });

  it('a new application replaces the one with the same key and goes to the top', () => {
    const list = [
      application({ fromUserID: 'b', createTime: 5 }),
      application({ fromUserID: 'a', createTime: 1, handleResult: -1 }),
    ];
    const next = applyApplication(
      list,
      application({ fromUserID: 'a', createTime: 9, reqMsg: 'again' }),
      recvFriendApplicationKey,
    );
    expect(next.map((x) => [x.fromUserID, x.createTime, x.handleResult, x.reqMsg])).toEqual([
      ['a', 9, 0, 'again'],
      ['b', 5, 0, 'hi'],
    ]);
  });

  it('a handled application replaces its pending one where it stands', () => {
    const list = [application({ fromUserID: 'b' }), application({ fromUserID: 'a' })];
    const next = applyApplication(
      list,
      application({ fromUserID: 'a', handleResult: 1 }),
      recvFriendApplicationKey,
    );
    expect(next.map((x) => [x.fromUserID, x.handleResult])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
  });

  it('the store puts an application on the side it belongs to', () => {
    const store = () => useContactStore.getState();
    store().reset();
    store().applyFriendApplication(application({ fromUserID: 'ann', toUserID: 'me' }), 'me');
    store().applyFriendApplication(application({ fromUserID: 'me', toUserID: 'bob' }), 'me');
    store().applyFriendApplication(application({ fromUserID: 'me', toUserID: 'bob', createTime: 7 }), 'me');
    store().applyFriendApplication(application({ fromUserID: 'x', toUserID: 'y' }), 'me');
    expect(store().recvFriendApplicationList.map((a) => a.fromUserID)).toEqual(['ann']);
    expect(store().sendFriendApplicationList.map((a) => [a.toUserID, a.createTime])).toEqual([['bob', 7]]);
  });

  it('friends and blacklist entries replace and remove by userID', () => {
    const store = () => useContactStore.getState();
    store().reset();
    store().setFriendList([friend({ userID: 'a' }), friend({ userID: 'b' })]);
    store().upsertFriend(friend({ userID: 'b', remark: 'Bobby' }));
    store().removeFriend('a');
    expect(store().friendList.map((f) => [f.userID, f.remark])).toEqual([['b', 'Bobby']]);
    store().upsertBlack(black({ userID: 'c' }));
    store().upsertBlack(black({ userID: 'c', nickname: 'Cee' }));
    expect(store().blackList.map((b) => b.nickname)).toEqual(['Cee']);
    store().removeBlack('c');
    expect(store().blackList).toEqual([]);
  });
});
