import { describe, expect, it, vi } from 'vitest';
import { singleConversationID } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { WebSocketConstructor, WebSocketLike } from '../src/index.ts';
import { MemoryStore } from '../src/store/memory-store.ts';
import { synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';
import { registerFriends, useRealServer } from './support/real-server.ts';

/**
 * A device's network: `off()` cuts its socket and refuses new ones (its session and store stay, as on
 * a phone in a tunnel); `on()` lets the next reconnect through, which syncs what was missed.
 */
function deviceNetwork() {
  let offline = false;
  const live = new Set<WebSocket>();
  const WebSocketClass: WebSocketConstructor = class implements WebSocketLike {
    onopen: WebSocketLike['onopen'] = null;
    onmessage: WebSocketLike['onmessage'] = null;
    onclose: WebSocketLike['onclose'] = null;
    onerror: WebSocketLike['onerror'] = null;
    readonly #ws: WebSocket | null;
    constructor(url: string) {
      if (offline) {
        this.#ws = null;
        setTimeout(() => this.onclose?.({ code: 1006, reason: 'offline' }), 5);
        return;
      }
      const ws = new WebSocket(url);
      this.#ws = ws;
      live.add(ws);
      ws.onopen = (event) => this.onopen?.(event);
      ws.onmessage = (event) => this.onmessage?.({ data: event.data });
      ws.onerror = (event) => this.onerror?.(event);
      ws.onclose = (event) => {
        live.delete(ws);
        this.onclose?.({ code: offline ? 1006 : event.code, reason: event.reason });
      };
    }
    get readyState(): number {
      return this.#ws?.readyState ?? 3;
    }
    send(data: string): void {
      if (!offline) this.#ws?.send(data);
    }
    close(code?: number, reason?: string): void {
      this.#ws?.close(code, reason);
    }
  };
  return {
    WebSocket: WebSocketClass,
    off() {
      offline = true;
      for (const ws of live) ws.close(3000, 'offline');
    },
    on() {
      offline = false;
    },
  };
}

/**
 * Read receipts and burn-after-reading through the sdk against the real server
 * (docs/sdk.md "Read receipts and burn-after-reading"): live on the online devices, and an offline
 * device converges after it reconnects, and after a reinstall. TEST_BURN_SPEEDUP 30: 30 s last 1 s.
 */
describe('read marks and burns converge on every device (real server)', () => {
  const { server, login } = useRealServer({ TEST_BURN_SPEEDUP: '30', BURN_SWEEP_INTERVAL_MS: '100' });

  const everything = async (t: TestClient, conversationID: string) =>
    JSON.stringify(await t.store.getMessagesBefore(conversationID, Infinity, 1000)) +
    JSON.stringify(await t.store.getConversations());

  it('an offline device hears the read and the burn after it reconnects, and a reinstall has no copy', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Alice', 'Bob']);
    const id = singleConversationID(aliceS.userID, bobS.userID);
    // Alice's second device holds the message, then goes offline before it is read, its store kept.
    const network = deviceNetwork();
    const second = await login(aliceS, {
      store: new MemoryStore(),
      messaging: { WebSocket: network.WebSocket },
    });
    await synced(second);

    const alice = await login(aliceS);
    const bob = await login(bobS);
    await Promise.all([synced(alice), synced(bob)]);
    await alice.client.conversations.setBurnAfterReading({
      conversationID: id,
      isPrivateChat: true,
      burnDuration: 30,
    });
    await vi.waitFor(async () =>
      expect(await bob.store.getConversation(id)).toMatchObject({ isPrivateChat: true, burnDuration: 30 }),
    );
    const secret = await alice.client.messages.sendMessage({
      recvID: bobS.userID,
      message: alice.client.messages.createTextMessage('secret'),
    });
    expect(secret.burnDuration).toBe(30);
    await vi.waitFor(async () => expect(await bob.store.getMessage(secret.clientMsgID)).toBeDefined());
    await vi.waitFor(async () => expect(await everything(second, id)).toContain('secret'));
    network.off();

    const timeline = alice.client.messages.openTimeline(id);
    await timeline.loadOlder();
    expect(timeline.messages.map((m) => m.textElem?.content)).toContain('secret');

    await bob.client.messages.markConversationMessageAsRead(id);
    // The read mark reaches Alice live: the receipt event and the countdown on her copy.
    await vi.waitFor(() =>
      expect(alice.log.of('readReceipt')).toContainEqual(
        expect.objectContaining({ userID: bobS.userID, hasReadSeq: secret.seq }),
      ),
    );
    const counting = (await alice.store.getMessage(secret.clientMsgID))!;
    expect(counting.burnAt).toBeGreaterThan(Date.now() - 2000);
    expect(timeline.messages.find((m) => m.clientMsgID === secret.clientMsgID)?.burnAt).toBe(counting.burnAt);
    const state = await alice.client.messages.getReadState(id);
    expect(state.members).toEqual([expect.objectContaining({ userID: bobS.userID })]);
    expect(state.members[0].hasReadSeq).toBeGreaterThanOrEqual(secret.seq);

    // A second later the server burns it: gone from both online devices' stores and from the timeline.
    for (const t of [alice, bob])
      await vi.waitFor(async () => expect(await everything(t, id)).not.toContain('secret'), {
        timeout: 5000,
      });
    expect(alice.log.of('messagesBurned')).toEqual([
      { conversationID: id, messages: [{ clientMsgID: secret.clientMsgID, seq: secret.seq }] },
    ]);
    expect(timeline.messages.some((m) => m.clientMsgID === secret.clientMsgID)).toBe(false);
    timeline.close();

    // The offline device comes back: it syncs the message, the read mark and the burn.
    expect(await everything(second, id)).toContain('secret');
    const syncsBefore = second.log.of('syncFinish').length;
    network.on();
    const back = second;
    await synced(back, syncsBefore + 1);
    expect(back.log.of('readReceipt')).toContainEqual(
      expect.objectContaining({ userID: bobS.userID, hasReadSeq: secret.seq }),
    );
    await vi.waitFor(async () => expect(await everything(back, id)).not.toContain('secret'));
    const held = (await back.store.getMessage(secret.clientMsgID)) as MessageItem | undefined;
    expect(held?.textElem).toBeUndefined();
    const backTimeline = back.client.messages.openTimeline(id);
    await backTimeline.loadOlder();
    expect(backTimeline.messages.some((m) => m.clientMsgID === secret.clientMsgID)).toBe(false);
    backTimeline.close();

    // A reinstall (an empty store) gets nothing of it either, from sync or from history.
    const fresh = await login(aliceS);
    await synced(fresh);
    const page = await fresh.client.messages.getAdvancedHistoryMessageList({ conversationID: id, count: 50 });
    expect(JSON.stringify(page.messageList)).not.toContain('secret');
    expect(await everything(fresh, id)).not.toContain('secret');
    const freshTimeline = fresh.client.messages.openTimeline(id);
    await freshTimeline.loadOlder();
    expect(freshTimeline.messages.some((m) => m.clientMsgID === secret.clientMsgID)).toBe(false);
    freshTimeline.close();
  });

  it('a read mark that overtakes the handling of the send’s answer keeps the countdown on the sender', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Amy', 'Bud']);
    const id = singleConversationID(aliceS.userID, bobS.userID);
    const store = new SlowFirstReadStore();
    const alice = await login(aliceS, { store });
    const bob = await login(bobS);
    await Promise.all([synced(alice), synced(bob)]);
    await alice.client.conversations.setBurnAfterReading({
      conversationID: id,
      isPrivateChat: true,
      burnDuration: 300,
    });
    await vi.waitFor(async () =>
      expect(await bob.store.getConversation(id)).toMatchObject({ burnDuration: 300 }),
    );
    // Bob's chat is open: he reads at once, so the read mark reaches Alice while her device is still
    // reading its copy to keep the send's answer (the slow read below).
    bob.client.on('recvNewMessages', () => void bob.client.messages.markConversationMessageAsRead(id));
    const timeline = alice.client.messages.openTimeline(id);
    await timeline.loadOlder();
    const message = alice.client.messages.createTextMessage('secret');
    store.slowNextReadAfterSend(message.clientMsgID);
    const secret = await alice.client.messages.sendMessage({ recvID: bobS.userID, message });
    await vi.waitFor(() =>
      expect(alice.log.of('readReceipt')).toContainEqual(expect.objectContaining({ hasReadSeq: secret.seq })),
    );
    const held = await alice.store.getMessage(secret.clientMsgID);
    expect(held?.burnAt).toBeGreaterThan(Date.now());
    expect(timeline.messages.find((m) => m.clientMsgID === secret.clientMsgID)?.burnAt).toBe(held?.burnAt);
    timeline.close();
  });

  it('one-to-one read marks reach the reader’s peer live and an offline peer device on reconnect', async () => {
    const [aliceS, bobS] = await registerFriends(server, ['Ann', 'Ben']);
    const id = singleConversationID(aliceS.userID, bobS.userID);
    const network = deviceNetwork();
    const alice = await login(aliceS, { messaging: { WebSocket: network.WebSocket } });
    const bob = await login(bobS);
    await Promise.all([synced(alice), synced(bob)]);
    const hello = await alice.client.messages.sendMessage({
      recvID: bobS.userID,
      message: alice.client.messages.createTextMessage('hello'),
    });
    network.off();
    await bob.client.messages.markConversationMessageAsRead(id);
    const again = alice;
    expect(again.log.of('readReceipt')).toEqual([]);
    network.on();
    await synced(again, 2);
    await vi.waitFor(() =>
      expect(again.log.of('readReceipt')).toContainEqual(
        expect.objectContaining({ userID: bobS.userID, hasReadSeq: hello.seq }),
      ),
    );
    // The read mark never shows as a message, nor as the conversation's summary.
    const timeline = again.client.messages.openTimeline(id);
    await timeline.loadOlder();
    expect(timeline.messages.map((m) => m.textElem?.content ?? m.contentType)).not.toContain(2150);
    timeline.close();
  });
});

/**
 * A store whose first read of a sent message after the send went out answers the copy of that moment
 * 300 ms late, as a busy IndexedDB can: what reaches the device meanwhile must not be lost.
 */
class SlowFirstReadStore extends MemoryStore {
  #armed = '';
  #sending = false;

  slowNextReadAfterSend(clientMsgID: string): void {
    this.#armed = clientMsgID;
  }

  override async putMessages(messages: MessageItem[]): Promise<void> {
    if (messages.some((m) => m.clientMsgID === this.#armed && m.seq === 0)) this.#sending = true;
    return super.putMessages(messages);
  }

  override async getMessage(clientMsgID: string): Promise<MessageItem | undefined> {
    const copy = await super.getMessage(clientMsgID);
    if (clientMsgID !== this.#armed || !this.#sending) return copy;
    this.#armed = '';
    await new Promise((resolve) => setTimeout(resolve, 300));
    return copy;
  }
}
