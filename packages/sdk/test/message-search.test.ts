import { describe, expect, it, vi } from 'vitest';
import { ContentType, ErrCode, singleConversationID } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { MemoryStore } from '../src/store/memory-store.ts';
import { errCodeOf, sendTexts, synced } from './support/harness.ts';
import { registerFriends, useRealServer } from './support/real-server.ts';

/**
 * im.messages search (docs/sdk.md#message-search) and a timeline opened at a found message, against
 * the real server: the store answers what the device holds, the server what it never synced.
 */
describe('message search through the sdk', () => {
  const { server, login } = useRealServer();
  const texts = (list: readonly MessageItem[]) => list.map((m) => m.textElem?.content);

  it('finds held messages in the store and old history on the server, never a revoked one', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const alice = await login(aliceS);
    await synced(alice);
    // 30 old messages, then Bob installs on a device that pulls only the newest 5 of each conversation.
    const sent = await sendTexts(
      alice,
      bobS.userID,
      Array.from({ length: 30 }, (_, i) => (i === 2 ? '你好世界' : `filler ${i}`)),
    );
    await sendTexts(alice, bobS.userID, ['新的世界', 'revoke 世界']);
    await alice.client.messages.revokeMessage({
      conversationID: sent[0].conversationID,
      clientMsgID: (await alice.store.searchMessages({ keyword: 'revoke', limit: 1 }))[0].clientMsgID,
    });
    const bob = await login(bobS, { messaging: { reinstallDepth: 5 }, store: new MemoryStore() });
    await synced(bob);

    const local = await bob.client.messages.searchLocalMessages({ keyword: '世界' });
    expect(texts(local)).toEqual(['新的世界']);
    const remote = await bob.client.messages.searchMessages({ keyword: '世界' });
    expect(texts(remote.messages)).toEqual(['新的世界', '你好世界']);
    expect(remote.hasMore).toBe(false);
    // Alice's device holds all of it: the revoked one is its notice there, so not found either.
    expect(texts(await alice.client.messages.searchLocalMessages({ keyword: '世界' }))).toEqual([
      '新的世界',
      '你好世界',
    ]);
    const one = await bob.client.messages.searchLocalMessages({
      keyword: 'filler',
      conversationID: 'si_nobody',
    });
    expect(one).toEqual([]);
    expect(await errCodeOf(bob.client.messages.searchMessages({ keyword: '  ' }))).toBe(ErrCode.ARGS);
    expect(await errCodeOf(bob.client.messages.searchLocalMessages({ keyword: 'x'.repeat(65) }))).toBe(
      ErrCode.ARGS,
    );
  });

  it('opens a timeline around a found message, then pages older and newer up to the newest', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const alice = await login(aliceS);
    await synced(alice);
    // Seq 1 is the friend-added notice; m1..m60 are seqs 2..61.
    await sendTexts(
      alice,
      bobS.userID,
      Array.from({ length: 60 }, (_, i) => `m${i + 1}`),
    );
    const bob = await login(bobS, { messaging: { reinstallDepth: 5 }, store: new MemoryStore() });
    await synced(bob);
    const [hit] = (await bob.client.messages.searchMessages({ keyword: 'm20' })).messages;
    expect(hit.seq).toBe(21);

    const conversationID = singleConversationID(aliceS.userID, bobS.userID);
    const timeline = bob.client.messages.openTimeline(conversationID, 10);
    await timeline.loadAround(hit.seq);
    const seqs = () => timeline.messages.map((m) => m.seq);
    // Half a page after it, the rest before it.
    expect(seqs()).toEqual([17, 18, 19, 20, 21, 22, 23, 24, 25, 26]);
    expect(timeline.snapshot.hasNewer).toBe(true);
    // A live message is not appended while the window is not at the newest (it would leave a hole).
    await sendTexts(alice, bobS.userID, ['live']);
    await vi.waitFor(async () =>
      expect(texts(await bob.client.messages.searchLocalMessages({ keyword: 'live' }))).toEqual(['live']),
    );
    expect(seqs().at(-1)).toBe(26);

    await timeline.loadOlder();
    expect(seqs()[0]).toBe(7);
    while (timeline.snapshot.hasNewer) await timeline.loadNewer();
    const all = seqs();
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => all[0] + i));
    expect(all.at(-1)).toBe(62);
    expect(texts(timeline.messages).at(-1)).toBe('live');
    // At the newest, live messages are appended again.
    await sendTexts(alice, bobS.userID, ['after']);
    await vi.waitFor(() => expect(texts(timeline.messages).at(-1)).toBe('after'));
    expect(timeline.messages.every((m) => m.contentType === ContentType.Text)).toBe(true);
    timeline.close();
  });
});
