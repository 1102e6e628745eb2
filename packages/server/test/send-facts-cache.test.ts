import { describe, expect, it } from 'vitest';
import { ErrCode, FriendPath, ReceiptPath, WsReq } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { InProcessBus } from '../src/bus/bus.ts';
import { OneToOneFactsCache } from '../src/message/one-to-one-facts-cache.ts';
import { MemoryUserCache } from '../src/user/user-cache.ts';
import { api, makeFriends, onlineFriends } from './support/friends.ts';
import { textSend } from './support/gateway.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * One-to-one sends are decided on facts kept per pair in memory (message/one-to-one-facts-cache.ts):
 * every change of them (friendship, either blacklist, the burn setting) is seen by the very next send,
 * though each step's first send filled the cache with the facts before the change.
 */
describe.each(databases)('the one-to-one send facts cache on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  it('decides each send on the latest friendship, blacklists and burn setting', async () => {
    const { alice, bob, a, id } = await onlineFriends(server, connect);
    const send = async () => (await a.request(WsReq.SendMsg, textSend(bob.userID, 'hi'))).errCode;
    const change = async (user: typeof alice, path: string, body: unknown) =>
      expect((await api(server, user, path, body)).errCode).toBe(0);
    expect(await send()).toBe(0);
    await change(bob, FriendPath.addBlack, { blackUserID: alice.userID });
    expect(await send()).toBe(ErrCode.BLOCKED_BY_PEER);
    await change(bob, FriendPath.removeBlack, { blackUserID: alice.userID });
    expect(await send()).toBe(0);
    await change(alice, FriendPath.addBlack, { blackUserID: bob.userID });
    expect(await send()).toBe(ErrCode.IN_OWN_BLACKLIST);
    await change(alice, FriendPath.removeBlack, { blackUserID: bob.userID });
    expect(await send()).toBe(0);
    await change(bob, FriendPath.deleteFriend, { friendUserID: alice.userID });
    expect(await send()).toBe(ErrCode.NOT_FRIEND);
    await makeFriends(server, alice, bob);
    expect(await send()).toBe(0);
    await change(bob, ReceiptPath.setBurnAfterReading, {
      conversationID: id,
      isPrivateChat: true,
      burnDuration: 30,
    });
    const burning = await a.call<MessageItem>(WsReq.SendMsg, textSend(bob.userID, 'gone soon'));
    expect(burning.burnDuration).toBe(30);
  });

  it('keeps the facts: a send does not read them again until they are forgotten', async () => {
    const { alice, bob } = await onlineFriends(server, connect);
    const { db, sendFacts } = server.app.messenger;
    const id = `si_${[alice.userID, bob.userID].sort().join('_')}`;
    expect((await sendFacts.get(alice.userID, bob.userID, id)).blockedByPeer).toBe(false);
    // Straight into the table, past the services that forget: the kept facts still answer.
    await db
      .insertInto('blacks')
      .values({ ownerUserId: bob.userID, blockUserId: alice.userID, createTime: 1 })
      .execute();
    expect((await sendFacts.get(alice.userID, bob.userID, id)).blockedByPeer).toBe(false);
    // Another node's change arrives as the bus's invalidate event.
    server.app.messenger.bus.publish('invalidate', { cache: 'oneToOne', id: bob.userID, peer: alice.userID });
    expect((await sendFacts.get(alice.userID, bob.userID, id)).blockedByPeer).toBe(true);
  });

  it('does not keep a read that was in flight when the facts were forgotten', async () => {
    const { alice, bob } = await onlineFriends(server, connect);
    const { db, sendFacts } = server.app.messenger;
    const id = `si_${[alice.userID, bob.userID].sort().join('_')}`;
    const inFlight = sendFacts.get(alice.userID, bob.userID, id);
    sendFacts.forget(alice.userID, bob.userID);
    expect((await inFlight).blockedByPeer).toBe(false);
    await db
      .insertInto('blacks')
      .values({ ownerUserId: bob.userID, blockUserId: alice.userID, createTime: 1 })
      .execute();
    expect((await sendFacts.get(alice.userID, bob.userID, id)).blockedByPeer).toBe(true);
  });

  it('keeps the facts for 10 min on a bus that loses no event, and reads them again after 30 s through Redis', async () => {
    const { alice, bob } = await onlineFriends(server, connect);
    const { db } = server.app.messenger;
    const id = `si_${[alice.userID, bob.userID].sort().join('_')}`;
    const lossless = new OneToOneFactsCache(db, new InProcessBus());
    // Redis's bus as the cache sees it: events may be lost (none comes here).
    const lossy = new OneToOneFactsCache(db, Object.assign(new InProcessBus(), { canLoseEvents: true }));
    const start = Date.now();
    for (const cache of [lossless, lossy])
      expect((await cache.get(alice.userID, bob.userID, id, start)).blockedByPeer).toBe(false);
    // Straight into the table, past the services that forget (an operator's SQL).
    await db
      .insertInto('blacks')
      .values({ ownerUserId: bob.userID, blockUserId: alice.userID, createTime: 1 })
      .execute();
    const minuteLater = start + 60_000;
    expect((await lossless.get(alice.userID, bob.userID, id, minuteLater)).blockedByPeer).toBe(false);
    expect((await lossy.get(alice.userID, bob.userID, id, minuteLater)).blockedByPeer).toBe(true);
    const tenMinutesLater = start + 10 * 60_000 + 1;
    expect((await lossless.get(alice.userID, bob.userID, id, tenMinutesLater)).blockedByPeer).toBe(true);
  });

  it("keeps a sender's row as long as the bus allows: the app's cache, on one node, past 30 s", async () => {
    const { alice } = await onlineFriends(server, connect);
    const { db, userCache } = server.app.messenger;
    const start = Date.now();
    const before = (await userCache.get(alice.userID, start))?.nickname;
    await db
      .updateTable('users')
      .set({ nickname: 'renamed past the server' })
      .where('userId', '=', alice.userID)
      .execute();
    expect((await userCache.get(alice.userID, start + 60_000))?.nickname).toBe(before);
    const lossy = new MemoryUserCache(db, 30_000);
    await lossy.get(alice.userID, start);
    expect((await lossy.get(alice.userID, start + 60_000))?.nickname).toBe('renamed past the server');
  });
});
