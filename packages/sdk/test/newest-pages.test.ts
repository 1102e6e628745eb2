import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageItem } from '@im/protocol';
import type { HistoryParams } from '../src/messaging/history.ts';
import { NEWEST_PAGES_KEPT, NewestPages } from '../src/timeline/newest-pages.ts';
import { MemoryStore } from '../src/store/memory-store.ts';
import { loginClient, sendTexts, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';
import { FakeGateway } from './support/fake-gateway.ts';
import { textMessage } from './support/fixtures.ts';

/** Readers that count their reads; `hold` makes the next history read wait for `release`. */
function readers() {
  const reads: string[] = [];
  let release: (() => void) | null = null;
  let holdNext = false;
  return {
    reads,
    hold: () => (holdNext = true),
    release: () => release?.(),
    history: async ({ conversationID }: HistoryParams) => {
      reads.push(conversationID);
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return { messageList: [textMessage(reads.length, { conversationID })], isEnd: true, lastMinSeq: 1 };
    },
    unsent: async (): Promise<MessageItem[]> => [],
  };
}

describe('newest pages kept in memory (docs/sdk.md#timeline)', () => {
  it('a preloaded chat opens from memory; a change to it drops its page, one to another chat does not', async () => {
    const r = readers();
    const pages = new NewestPages(r);
    await pages.preload(['c1', 'c2'], 20);
    expect(r.reads).toEqual(['c1', 'c2']);
    const first = await pages.history('c1', 20);
    expect(r.reads).toHaveLength(2);
    pages.forget({ type: 'put', messages: [textMessage(9, { conversationID: 'c2' })] });
    expect(await pages.history('c1', 20)).toBe(first);
    await pages.history('c2', 20);
    expect(r.reads).toEqual(['c1', 'c2', 'c2']);
    // Another page size is another page.
    await pages.history('c1', 50);
    expect(r.reads).toHaveLength(4);
  });

  it('a read under way when its chat changes is not kept', async () => {
    const r = readers();
    const pages = new NewestPages(r);
    r.hold();
    const reading = pages.history('c1', 20);
    await vi.waitFor(() => expect(r.reads).toEqual(['c1']));
    pages.forget({ type: 'removed', conversationID: 'c1', clientMsgID: 'x' });
    r.release();
    await reading;
    expect(pages.size).toBe(0);
    await pages.history('c1', 20);
    expect(r.reads).toEqual(['c1', 'c1']);
  });

  it('keeps a few chats, dropping the least recently used, and drops all when own info changes', async () => {
    const r = readers();
    const pages = new NewestPages(r);
    const ids = Array.from({ length: NEWEST_PAGES_KEPT }, (_, i) => `c${i}`);
    await pages.preload(ids, 20);
    await pages.history('c0', 20); // used: now the most recent
    await pages.history('extra', 20);
    expect(pages.size).toBe(NEWEST_PAGES_KEPT);
    const before = r.reads.length;
    await pages.history('c0', 20);
    expect(r.reads).toHaveLength(before);
    await pages.history('c1', 20);
    expect(r.reads).toHaveLength(before + 1);
    pages.forget({ type: 'self', self: { userID: 'a', nickname: 'A', faceURL: '' } });
    expect(pages.size).toBe(0);
  });
});

describe('preloaded chats through the client', () => {
  const open: TestClient[] = [];
  afterEach(async () => {
    for (const t of open.splice(0)) await t.client.logout();
  });

  /** Alice and Bob logged in and synced; Alice has sent Bob 'one' and 'two'. */
  async function twoTextsToBob() {
    const gateway = new FakeGateway();
    const store = new MemoryStore();
    const bob = await loginClient(gateway, 'bob', { store });
    const alice = await loginClient(gateway, 'alice');
    open.push(bob, alice);
    await Promise.all([synced(bob), synced(alice)]);
    await sendTexts(alice, 'bob', ['one', 'two']);
    await vi.waitFor(() => expect(bob.received()).toHaveLength(2));
    return { store, bob, alice, conversationID: bob.received()[0].conversationID };
  }

  it('opens a preloaded chat without reading the store, and a message after the preload is shown', async () => {
    const { store, bob, alice, conversationID } = await twoTextsToBob();

    await bob.client.messages.preloadNewestPages([conversationID]);
    const reads = vi.spyOn(store, 'getMessagesBefore');
    const preloaded = bob.client.messages.openTimeline(conversationID);
    await preloaded.loadOlder();
    expect(preloaded.messages.map((m) => m.textElem?.content)).toEqual(['one', 'two']);
    expect(reads).not.toHaveBeenCalled();
    preloaded.close();

    await sendTexts(alice, 'bob', ['three']);
    await vi.waitFor(() => expect(bob.received()).toHaveLength(3));
    const reopened = bob.client.messages.openTimeline(conversationID);
    await reopened.loadOlder();
    expect(reopened.messages.map((m) => m.textElem?.content)).toEqual(['one', 'two', 'three']);
    reopened.close();
  });

  it('gives a preloaded chat its snapshot before its timeline opens, and the timeline shows the same within loadOlder()', async () => {
    const { bob, alice, conversationID } = await twoTextsToBob();
    expect(bob.client.messages.openingSnapshot(conversationID)).toBeUndefined();

    await bob.client.messages.preloadNewestPages([conversationID]);
    const opening = bob.client.messages.openingSnapshot(conversationID)!;
    expect(opening.messages.map((m) => m.textElem?.content)).toEqual(['one', 'two']);
    expect(opening).toMatchObject({ ready: true, loading: false, hasMore: false, prepended: 2 });

    const timeline = bob.client.messages.openTimeline(conversationID);
    const seen: string[][] = [];
    timeline.subscribe((next) => seen.push(next.messages.map((m) => m.textElem?.content ?? '')));
    const loading = timeline.loadOlder();
    // Within the call, not after a read: the same messages (the same objects) and flags.
    expect(timeline.snapshot).toMatchObject({ ...opening, messages: opening.messages });
    expect(timeline.snapshot.messages.every((m, i) => m === opening.messages[i])).toBe(true);
    expect(seen).toEqual([['one', 'two']]);
    await loading;
    // The next loadOlder() pages below it (none here), and a message after it still comes in.
    await timeline.loadOlder();
    await sendTexts(alice, 'bob', ['three']);
    await vi.waitFor(() =>
      expect(timeline.messages.map((m) => m.textElem?.content)).toEqual(['one', 'two', 'three']),
    );
    timeline.close();
    // The kept page was dropped by the new message: the next opening has nothing kept.
    expect(bob.client.messages.openingSnapshot(conversationID)).toBeUndefined();
  });
});
