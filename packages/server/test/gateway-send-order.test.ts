import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { WsPush, WsReq } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { ClientConnection } from '../src/gateway/client-connection.ts';
import { DEFAULT_GATEWAY_OPTIONS } from '../src/gateway/gateway-options.ts';
import { onlineFriends } from './support/friends.ts';
import { newClientMsgID, textSend } from './support/gateway.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** The socket side a ClientConnection uses: frames in, answers out. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  send(text: string | Buffer) {
    this.sent.push(String(text));
  }
  close() {
    this.readyState = 3;
  }
  terminate() {
    this.readyState = 3;
  }
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a socket’s frames in order', () => {
  it('starts the next frame once a send is queued for the store, and a frame that is not one still waits', async () => {
    const started: string[] = [];
    const held = new Map<string, ReturnType<typeof deferred>>();
    const socket = new FakeSocket();
    const frame = (msgIncr: string) =>
      JSON.stringify({ reqIdentifier: WsReq.Heartbeat, msgIncr, operationID: msgIncr, data: {} });
    new ClientConnection(
      socket as never,
      { userID: 'u1', platform: 5, tokenID: 't1' } as never,
      async (conn, _id, _data) => {
        const name = `f${started.length + 1}`;
        started.push(name);
        const wait = deferred();
        held.set(name, wait);
        // The first frame is a send that has its place in the queue: the next may start.
        if (name === 'f1') conn.orderKept();
        await wait.promise;
        return {};
      },
      DEFAULT_GATEWAY_OPTIONS,
      { warn: () => undefined, info: () => undefined, error: () => undefined } as never,
    );
    for (const name of ['a', 'b', 'c']) socket.emit('message', Buffer.from(frame(name)), false);
    await settle();
    // f2 started while f1 is unanswered; f2 did not let go, so f3 waits for it.
    expect(started).toEqual(['f1', 'f2']);
    held.get('f1')!.resolve();
    await settle();
    expect(started).toEqual(['f1', 'f2']);
    expect(socket.sent.map((s) => (JSON.parse(s) as { msgIncr: string }).msgIncr)).toEqual(['a']);
    held.get('f2')!.resolve();
    await settle();
    expect(started).toEqual(['f1', 'f2', 'f3']);
    held.get('f3')!.resolve();
    await settle();
    expect(socket.sent.map((s) => (JSON.parse(s) as { msgIncr: string }).msgIncr)).toEqual(['a', 'b', 'c']);
  });
});

describe.each(databases)('sends of one socket at once on %s', (database) => {
  const { server, connect } = useSuiteServer({ database });

  it('stores them in the order sent, once each, sharing commits, and the peer gets them in that order', async () => {
    const { alice, bob, a, b } = await onlineFriends(server, connect);
    const texts = Array.from({ length: 40 }, (_, i) => `burst ${i}`);
    const ids = texts.map(() => newClientMsgID());
    // None waits for an answer; the tenth goes twice (a resend inside the burst).
    const answers = await Promise.all([
      ...texts.map((text, i) => a.call<MessageItem>(WsReq.SendMsg, textSend(bob.userID, text, ids[i]))),
      a.call<MessageItem>(WsReq.SendMsg, textSend(bob.userID, texts[9], ids[9])),
    ]);
    const seqs = answers.slice(0, texts.length).map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    expect(answers.at(-1)!.seq).toBe(seqs[9]);
    const pushed = await b.waitForPushes<MessageItem>(WsPush.NewMessage, texts.length);
    expect(pushed.map((m) => m.textElem?.content)).toEqual(texts);
    expect(pushed.every((m) => m.sendID === alice.userID)).toBe(true);
    // One commit stamps its messages with one send time: the burst took a few, not one per message.
    expect(new Set(answers.map((m) => m.sendTime)).size).toBeLessThanOrEqual(texts.length / 4);
  });
});
