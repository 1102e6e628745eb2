import { describe, expect, it } from 'vitest';
import { WsPush } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { ClientConnection } from '../src/gateway/client-connection.ts';
import { ConnectionRegistry } from '../src/gateway/connection-registry.ts';
import { knownUnique } from '../src/push/push.ts';
import type { Database } from '../src/storage/database.ts';
import { SubscriptionStore } from '../src/web-push/subscription-store.ts';

/** A stand-in socket that counts the frames pushed to it. */
function fakeConn(userID: string, tokenID: string) {
  const conn = {
    connID: `${userID}-${tokenID}`,
    userID,
    auth: { userID, tokenID, platform: 5 },
    frames: 0,
    pushFrame: () => void (conn.frames += 1),
    onClose: () => undefined,
  };
  return conn;
}

/** A kept group list (knownUnique with its members) lets a smaller set be walked instead of the list. */
const groupList = (ids: string[]) => knownUnique(ids, new Set(ids));

describe('walks of a kept member list', () => {
  it('delivers to the members a node holds when it holds fewer users than the list', () => {
    const registry = new ConnectionRegistry();
    const [a1, a2, b, outsider] = [
      fakeConn('a', 't1'),
      fakeConn('a', 't2'),
      fakeConn('b', 't3'),
      fakeConn('o', 't4'),
    ];
    for (const c of [a1, a2, b, outsider]) registry.add(c as unknown as ClientConnection);
    registry.deliver({
      userIDs: groupList(['a', 'b', 'm1', 'm2', 'm3', 'm4']),
      reqIdentifier: WsPush.NewMessage,
      data: { seq: 1 } as MessageItem,
      exceptConnID: a1.connID,
    });
    expect([a1.frames, a2.frames, b.frames, outsider.frames]).toEqual([0, 1, 1, 0]);
  });

  it('tells a list without a Web Push subscription from one with, walking the subscribed users', async () => {
    const rows = [{ userId: 'x' }];
    const db = {
      selectFrom: () => ({ select: () => ({ distinct: () => ({ execute: async () => rows }) }) }),
    } as unknown as Database;
    const store = new SubscriptionStore(db);
    await store.of([]); // loads the set of users with a subscription
    expect(store.noneOf(groupList(['a', 'b', 'c']))).toBe(true);
    expect(store.noneOf(groupList(['a', 'x', 'c']))).toBe(false);
    expect(store.noneOf(['a', 'x'])).toBe(false);
    expect(store.noneOf(['a', 'b'])).toBe(true);
  });
});
