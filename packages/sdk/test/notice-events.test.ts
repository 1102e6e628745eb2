import { afterEach, describe, expect, it, vi } from 'vitest';
import { WsPush } from '@im/protocol';
import type { BlackInfo, FriendApplication, FriendInfo } from '@im/protocol';
import { FakeGateway } from './support/fake-gateway.ts';
import { loginClient, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

const open: TestClient[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});

const friend: FriendInfo = {
  ownerUserID: 'alice',
  userID: 'bob',
  nickname: 'Bob',
  faceURL: '',
  gender: 0,
  remark: '',
  createTime: 1,
};
const application: FriendApplication = {
  fromUserID: 'bob',
  fromNickname: 'Bob',
  fromFaceURL: '',
  toUserID: 'alice',
  toNickname: 'Alice',
  toFaceURL: '',
  reqMsg: 'hi',
  handleMsg: '',
  handleResult: 0,
  handlerUserID: '',
  createTime: 1,
  handleTime: 0,
};
const black: BlackInfo = {
  ownerUserID: 'alice',
  userID: 'bob',
  nickname: 'Bob',
  faceURL: '',
  gender: 0,
  createTime: 1,
};

describe('Notice pushes (fake gateway)', () => {
  it('re-emits each contacts event under its own name with its data, and ignores unknown or empty ones', async () => {
    const gateway = new FakeGateway();
    const alice = await loginClient(gateway, 'alice');
    open.push(alice);
    await synced(alice);
    const notices: [string, unknown][] = [
      ['friendApplicationAdded', application],
      ['friendApplicationAccepted', { ...application, handleResult: 1 }],
      ['friendApplicationRejected', { ...application, handleResult: -1 }],
      ['friendAdded', friend],
      ['friendInfoChanged', { ...friend, remark: 'B' }],
      ['friendDeleted', friend],
      ['blackAdded', black],
      ['blackDeleted', black],
    ];
    gateway.push('alice', WsPush.Notice, { event: 'somethingNewer', data: { x: 1 } });
    gateway.push('alice', WsPush.Notice, { event: 'friendAdded' });
    gateway.push('alice', WsPush.Notice, null);
    for (const [event, data] of notices) gateway.push('alice', WsPush.Notice, { event, data });
    await vi.waitFor(() => expect(alice.log.of('blackDeleted')).toHaveLength(1));
    const contactEvents = alice.log.entries.filter((e) => notices.some(([name]) => name === e.event));
    expect(contactEvents.map((e) => [e.event, e.payload])).toEqual(notices);
  });
});
