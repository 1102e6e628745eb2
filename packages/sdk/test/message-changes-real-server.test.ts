import { describe, expect, it, vi } from 'vitest';
import { ContentType, WsPush } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { MemoryStore } from '../src/store/memory-store.ts';
import { ConnectionState } from '../src/index.ts';
import type { WebSocketConstructor } from '../src/index.ts';
import { connectClient, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';
import { droppingWebSocket, realBackend, registerFriends, useRealServer } from './support/real-server.ts';
import type { Frame } from './support/real-server.ts';

/** A network that can be cut: while off, open sockets close and new ones fail to connect. */
function switchableNetwork() {
  let online = true;
  const live = new Set<{ close: (code?: number) => void }>();
  const Base = droppingWebSocket(() => false);
  class Switchable extends Base {
    constructor(url: string) {
      super(online ? url : 'ws://127.0.0.1:9/');
      live.add(this);
    }
  }
  return {
    WebSocket: Switchable as WebSocketConstructor,
    goOffline() {
      online = false;
      for (const socket of live) socket.close(3000);
      live.clear();
    },
    goOnline() {
      online = true;
    },
  };
}

/**
 * Changes to sent messages against the real server (docs/sdk.md "Message changes"): edits, reactions
 * and revokes reach an online device live, and a device that was offline, lost the pushes or starts
 * from an empty store converges on the same state. The change notices themselves are never news and
 * never shown.
 */
describe('message changes against the real server', () => {
  const { server, login } = useRealServer();
  const texts = (t: TestClient) => t.received().map((m) => m.textElem?.content);
  const send = (from: TestClient, to: string, text: string) =>
    from.client.messages.sendMessage({ recvID: to, message: from.client.messages.createTextMessage(text) });
  const shown = async (t: TestClient, conversationID: string) => {
    const timeline = t.client.messages.openTimeline(conversationID, 50);
    await timeline.loadOlder();
    const messages = [...timeline.messages];
    timeline.close();
    return messages;
  };
  const silent = (m: MessageItem) =>
    m.contentType === ContentType.MessageEdited || m.contentType === ContentType.ReactionChanged;

  it('an edit and reactions reach the peer live: store, open timeline, list summary, events', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const [alice, bob] = [await login(aliceS), await login(bobS)];
    await Promise.all([synced(alice), synced(bob)]);
    const stored = await send(alice, bobS.userID, 'helo');
    await vi.waitFor(() => expect(texts(bob)).toEqual(['helo']));
    const timeline = bob.client.messages.openTimeline(stored.conversationID);
    await timeline.loadOlder();

    const edited = await alice.client.messages.editMessage({
      conversationID: stored.conversationID,
      clientMsgID: stored.clientMsgID,
      content: { content: 'hello' },
    });
    expect(edited).toMatchObject({ textElem: { content: 'hello' }, editTime: expect.any(Number) });
    await vi.waitFor(async () =>
      expect(await bob.store.getMessage(stored.clientMsgID)).toMatchObject({
        textElem: { content: 'hello' },
        editTime: edited.editTime,
      }),
    );
    expect(timeline.messages.find((m) => m.clientMsgID === stored.clientMsgID)?.textElem?.content).toBe(
      'hello',
    );
    expect(timeline.messages.some(silent)).toBe(false);
    expect(bob.log.of('messageChanged')).toMatchObject([{ kind: 'edit', clientMsgID: stored.clientMsgID }]);
    const [item] = await bob.client.conversations.getConversationListSplit(0, 1);
    expect(item).toMatchObject({ unreadCount: 1, latestMsg: { textElem: { content: 'hello' } } });

    const reactions = await bob.client.messages.addReaction({
      conversationID: stored.conversationID,
      clientMsgID: stored.clientMsgID,
      emoji: '👍',
    });
    expect(reactions).toEqual([{ emoji: '👍', userIDs: [bobS.userID] }]);
    await vi.waitFor(async () =>
      expect((await alice.store.getMessage(stored.clientMsgID))?.reactions).toEqual(reactions),
    );
    await bob.client.messages.removeReaction({
      conversationID: stored.conversationID,
      clientMsgID: stored.clientMsgID,
      emoji: '👍',
    });
    await vi.waitFor(async () =>
      expect((await alice.store.getMessage(stored.clientMsgID))?.reactions).toBeUndefined(),
    );
    // The notices were never news on either side.
    expect(texts(bob)).toEqual(['helo']);
    expect([...alice.received(), ...bob.received()].some(silent)).toBe(false);
    timeline.close();
  });

  it('a device offline during edits, reactions and a revoke converges after reconnect and after reinstall', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const alice = await login(aliceS);
    const bobStore = new MemoryStore();
    const network = switchableNetwork();
    const bob = await connectClient(realBackend(server, network.WebSocket), bobS, { store: bobStore });
    await Promise.all([synced(alice), synced(bob)]);
    const m1 = await send(alice, bobS.userID, 'first');
    const m2 = await send(alice, bobS.userID, 'second');
    await vi.waitFor(() => expect(texts(bob)).toEqual(['first', 'second']));
    network.goOffline();
    await vi.waitFor(() => expect(bob.client.getConnectionState()).not.toBe(ConnectionState.Connected));

    // While Bob is away: an edit, reactions (one taken back) and a revoke.
    const target = { conversationID: m1.conversationID, clientMsgID: m1.clientMsgID };
    await alice.client.messages.editMessage({ ...target, content: { content: 'first, edited' } });
    await alice.client.messages.addReaction({ ...target, emoji: '❤️' });
    await alice.client.messages.addReaction({ ...target, emoji: '😂' });
    await alice.client.messages.removeReaction({ ...target, emoji: '😂' });
    await alice.client.messages.revokeMessage({
      conversationID: m2.conversationID,
      clientMsgID: m2.clientMsgID,
    });
    const expected = (m: MessageItem | undefined) => {
      expect(m).toMatchObject({ textElem: { content: 'first, edited' }, editTime: expect.any(Number) });
      expect(m?.reactions).toEqual([{ emoji: '❤️', userIDs: [aliceS.userID] }]);
    };
    expected(await alice.store.getMessage(m1.clientMsgID));

    // Back online: the reconnect's sync pulls the notices; they are applied, never shown or news.
    expect((await bobStore.getMessage(m1.clientMsgID))?.textElem?.content).toBe('first');
    network.goOnline();
    await vi.waitFor(async () => expected(await bobStore.getMessage(m1.clientMsgID)));
    await vi.waitFor(async () =>
      expect((await bobStore.getMessage(m2.clientMsgID))?.contentType).toBe(ContentType.Revoke),
    );
    expect(bob.received().some(silent)).toBe(false);
    expect(bob.log.of('recvMessageRevoked')).toMatchObject([{ clientMsgID: m2.clientMsgID }]);
    const onScreen = await shown(bob, m1.conversationID);
    expect(onScreen.some(silent)).toBe(false);
    expected(onScreen.find((m) => m.clientMsgID === m1.clientMsgID));

    // Reinstall: an empty store pulls the messages in their current state.
    const fresh = await login(bobS, { store: new MemoryStore() });
    await synced(fresh);
    const again = await shown(fresh, m1.conversationID);
    expected(again.find((m) => m.clientMsgID === m1.clientMsgID));
    expect(again.find((m) => m.clientMsgID === m2.clientMsgID)?.contentType).toBe(ContentType.Revoke);
    expect(again.some(silent)).toBe(false);
    expect(fresh.received()).toEqual([]);
    await bob.client.logout();
  });

  it('a device that lost the change pushes catches up by the pull the next message triggers', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const lost = (frame: Frame) =>
      frame.reqIdentifier === WsPush.NewMessage && !frame.msgIncr && silent(frame.data as MessageItem);
    const alice = await login(aliceS);
    const bob = await login(bobS, {}, lost);
    await Promise.all([synced(alice), synced(bob)]);
    const m1 = await send(alice, bobS.userID, 'typo');
    await vi.waitFor(() => expect(texts(bob)).toEqual(['typo']));
    const target = { conversationID: m1.conversationID, clientMsgID: m1.clientMsgID };
    await alice.client.messages.editMessage({ ...target, content: { content: 'fixed' } });
    await alice.client.messages.addReaction({ ...target, emoji: '🙏' });
    expect((await bob.store.getMessage(m1.clientMsgID))?.textElem?.content).toBe('typo');
    await send(alice, bobS.userID, 'next');
    await vi.waitFor(() => expect(texts(bob)).toEqual(['typo', 'next']));
    expect(await bob.store.getMessage(m1.clientMsgID)).toMatchObject({
      textElem: { content: 'fixed' },
      reactions: [{ emoji: '🙏', userIDs: [aliceS.userID] }],
    });
  });
});
