import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { im } from '../src/sdk/im';
import { bindContactEvents } from '../src/session/bind-contact-events';
import { useContactStore } from '../src/stores/contact-store';
import { application, black, friend } from './contact-fixtures';
import { emitCoreEvent } from './core-event-player';

/** The contacts state follows the core's contacts events (docs/product.md#contacts-updates). */
describe('contacts events → contact store', () => {
  const store = () => useContactStore.getState();
  beforeAll(() => {
    im.session.save({ userID: 'me', imToken: 'i', chatToken: 'c' });
    bindContactEvents();
  });
  afterAll(() => im.session.clear());
  beforeEach(() => store().reset());

  it('applications land on their side and replace by key; the badge follows', () => {
    emitCoreEvent(
      'friendApplicationAdded',
      application({ fromUserID: 'ann', toUserID: 'me', createTime: 1 }),
    );
    emitCoreEvent(
      'friendApplicationAdded',
      application({ fromUserID: 'me', toUserID: 'bob', createTime: 2 }),
    );
    expect(store().recvFriendApplicationList).toHaveLength(1);
    expect(store().sendFriendApplicationList).toHaveLength(1);
    expect(store().unHandleFriendApplicationNum).toBe(1);
    emitCoreEvent(
      'friendApplicationAccepted',
      application({ fromUserID: 'ann', toUserID: 'me', createTime: 1, handleResult: 1 }),
    );
    emitCoreEvent(
      'friendApplicationRejected',
      application({ fromUserID: 'me', toUserID: 'bob', createTime: 2, handleResult: -1 }),
    );
    expect(store().recvFriendApplicationList.map((a) => a.handleResult)).toEqual([1]);
    expect(store().sendFriendApplicationList.map((a) => a.handleResult)).toEqual([-1]);
    expect(store().unHandleFriendApplicationNum).toBe(0);
  });

  it('friends are added, renamed and deleted by userID; the blacklist likewise', () => {
    emitCoreEvent('friendAdded', friend({ userID: 'ann' }));
    emitCoreEvent('friendInfoChanged', friend({ userID: 'ann', remark: 'Annie' }));
    expect(store().friendList.map((f) => f.remark)).toEqual(['Annie']);
    emitCoreEvent('friendDeleted', friend({ userID: 'ann' }));
    expect(store().friendList).toEqual([]);
    emitCoreEvent('blackAdded', black({ userID: 'bob' }));
    expect(store().blackList.map((b) => b.userID)).toEqual(['bob']);
    emitCoreEvent('blackDeleted', black({ userID: 'bob' }));
    expect(store().blackList).toEqual([]);
  });
});
