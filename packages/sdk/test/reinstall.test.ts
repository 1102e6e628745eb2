import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openIndexedDbStore } from '../src/store/indexeddb-store.ts';
import { FakeGateway } from './support/fake-gateway.ts';
import { loginClient, sendTexts, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

const open: TestClient[] = [];
async function login(...args: Parameters<typeof loginClient>) {
  const t = await loginClient(...args);
  open.push(t);
  return t;
}
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});

describe('first login on a device (reinstall) and later starts, on IndexedDB', () => {
  it('syncs with monotonic progress to 100, then later starts sync only what changed', async () => {
    const gateway = new FakeGateway();
    gateway.state.addUser('bob');
    const alice = await login(gateway, 'alice');
    const carol = await login(gateway, 'carol');
    await sendTexts(
      alice,
      'bob',
      Array.from({ length: 25 }, (_, i) => `a${i + 1}`),
    );
    await sendTexts(
      carol,
      'bob',
      Array.from({ length: 12 }, (_, i) => `c${i + 1}`),
    );

    const idb = { pullPageSize: 10, openStore: (userID: string) => openIndexedDbStore(userID) };
    const bob = await login(gateway, 'bob', { messaging: idb });
    await synced(bob);
    expect(bob.log.of('syncStart')).toEqual([{ reinstall: true }]);
    const progress = bob.log.of('syncProgress').map((p) => p.progress);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1])).toBe(true);
    expect(progress.length).toBeGreaterThan(4); // one step per page at least
    expect(bob.log.of('syncProgress').every((p) => p.reinstall)).toBe(true);
    expect(bob.log.of('syncFinish')).toEqual([{ reinstall: true }]);
    expect(bob.received()).toEqual([]); // history, not news
    const list = await bob.client.conversations.getConversationListSplit(0, 20);
    expect(list.map((c) => [c.conversationID, c.unreadCount])).toEqual([
      ['si_bob_carol', 12],
      ['si_alice_bob', 25],
    ]);
    await bob.client.logout();

    // a later start on the same device: no reinstall, only the new message is pulled
    await sendTexts(alice, 'bob', ['new']);
    const again = await login(gateway, 'bob', { messaging: idb });
    const callsBefore = gateway.httpCalls.length;
    const fromStore = await again.client.conversations.getConversationListSplit(0, 20);
    expect(fromStore.map((c) => c.conversationID)).toEqual(['si_bob_carol', 'si_alice_bob']);
    expect(gateway.httpCalls.length - callsBefore).toBeLessThanOrEqual(1);
    await synced(again);
    expect(again.log.of('syncStart')).toEqual([{ reinstall: false }]);
    expect(again.received().map((m) => m.textElem?.content)).toEqual(['new']);
    await vi.waitFor(async () => {
      const [first] = await again.client.conversations.getConversationListSplit(0, 1);
      expect(first).toMatchObject({ conversationID: 'si_alice_bob', unreadCount: 26 });
    });
  });

  it('reports a failed sync with the reinstall flag', async () => {
    const gateway = new FakeGateway();
    gateway.dropAck = (req) => req.reqIdentifier === 1001; // GetMaxSeqs never answered
    const bob = await login(gateway, 'bob', { messaging: { requestTimeoutMs: 50 } });
    await vi.waitFor(() => expect(bob.log.of('syncFailed')).toHaveLength(1));
    expect(bob.log.of('syncFailed')[0]).toMatchObject({ reinstall: true, errCode: -2 });
  });
});
