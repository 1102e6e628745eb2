import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WsReq } from '@im/protocol';
import { ClientConnection } from '../src/gateway/client-connection.ts';
import { DEFAULT_GATEWAY_OPTIONS } from '../src/gateway/gateway-options.ts';
import { emptyFragmentList, ownFragmentList } from '../src/gateway/receiver-fragments.ts';
import { runWithGc } from './support/old-generation.ts';
import { closeWsPairs, wsPair } from './support/ws-pair.ts';

const module = new URL('../src/gateway/receiver-fragments.ts', import.meta.url).href;
const ws = pathToFileURL(createRequire(import.meta.url).resolve('ws')).href;

/**
 * A child process with 200 server sockets, each sent one message by its client: the bytes two young
 * collections right after those messages moved to the old generation, the smallest of three rounds.
 * Before each round a full collection puts everything alive in the old generation, as a socket's
 * reader is there after its first seconds, and the messages' garbage is young.
 */
function promotedByMessages(reused: boolean): number {
  return runWithGc(`
    import { once } from 'node:events';
    const { WebSocket, WebSocketServer } = (await import(${JSON.stringify(ws)})).default;
    const { emptyFragmentList, ownFragmentList } = await import(${JSON.stringify(module)});
    const server = new WebSocketServer({ port: 0, perMessageDeflate: false });
    await once(server, 'listening');
    const sockets = [];
    server.on('connection', (socket) => sockets.push(socket));
    const clients = [];
    for (let i = 0; i < 200; i += 1) {
      const client = new WebSocket('ws://127.0.0.1:' + server.address().port, { perMessageDeflate: false });
      await once(client, 'open');
      clients.push(client);
    }
    while (sockets.length < clients.length) await new Promise((resolve) => setImmediate(resolve));
    let left = 0;
    let allIn = () => {};
    for (const socket of sockets) {
      const fragments = ${reused} ? ownFragmentList(socket) : undefined;
      socket.on('message', () => {
        if (fragments) emptyFragmentList(socket, fragments);
        left -= 1;
        if (left === 0) allIn();
      });
    }
    const promoted = [];
    for (let round = 0; round < 3; round += 1) {
      gc();
      left = sockets.length;
      const arrived = new Promise((resolve) => (allIn = resolve));
      clients.forEach((client, i) => client.send('{"reqIdentifier":1003,"msgIncr":"' + i + '"}'));
      await arrived;
      await new Promise((resolve) => setImmediate(resolve));
      const before = oldUsed();
      gc({ type: 'minor' });
      gc({ type: 'minor' });
      promoted.push(oldUsed() - before);
    }
    console.log(Math.min(...promoted));
    clients.forEach((client) => client.terminate());
    server.close();
  `);
}

describe("a socket's frame reader (gateway/receiver-fragments.ts)", () => {
  it('lets each message die young, where the list ws drops keeps it to the old generation', () => {
    const plain = promotedByMessages(false);
    const reused = promotedByMessages(true);
    // ws's dropped list (old) holds a young backing store, the payload's Buffer and the read's
    // ArrayBuffer past the young collections: a few hundred bytes a message, ~85 kB for 200.
    expect(plain).toBeGreaterThan(200 * 200);
    expect(reused).toBeLessThan(plain / 4);
  });
});

afterEach(closeWsPairs);

/** A server socket with its reader's list reused, its client, and the messages it received. */
async function pair(binaryType?: 'fragments') {
  const { ws: socket, client } = await wsPair();
  if (binaryType) socket.binaryType = binaryType;
  const got: string[] = [];
  const fragments = ownFragmentList(socket);
  socket.on('message', (data) => {
    if (fragments) emptyFragmentList(socket, fragments);
    got.push(Array.isArray(data) ? `${data.length} fragments` : String(data));
  });
  const reader = (socket as unknown as { _receiver: { _fragments: unknown[] } })._receiver;
  return { client, got, reader };
}

describe("a socket's frame reader with one list of fragments", () => {
  it('hands on every message whole, a message of many frames and one of many reads too', async () => {
    const { client, got, reader } = await pair();
    const list = reader._fragments;
    const long = 'é'.repeat(100_000);
    client.send('{"a":1}');
    client.send('first ', { fin: false });
    client.send('second ', { fin: false });
    client.send('last', { fin: true });
    client.send(long);
    client.send('after');
    while (got.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(got).toEqual(['{"a":1}', 'first second last', long, 'after']);
    // The same list all along, empty between messages: nothing of the last one stays reachable.
    expect(reader._fragments).toBe(list);
    expect(list).toHaveLength(0);
    client.close();
  });

  it("leaves ws's list alone where the list is the message (binaryType 'fragments')", async () => {
    const { client, got, reader } = await pair('fragments');
    const list = reader._fragments;
    client.send(Buffer.from('one'), { fin: false });
    client.send(Buffer.from('two'), { fin: true });
    while (got.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(got).toEqual(['2 fragments']);
    expect(reader._fragments).not.toBe(list);
    client.close();
  });

  it("is the gateway's: a logged-in socket keeps its one list, empty after each frame", async () => {
    const { ws, client } = await wsPair();
    new ClientConnection(
      ws,
      { userID: 'u1', platform: 5, tokenID: 't1' } as never,
      async () => ({}),
      DEFAULT_GATEWAY_OPTIONS,
      { warn: () => undefined, info: () => undefined, error: () => undefined } as never,
    );
    const reader = (ws as unknown as { _receiver: { _fragments: unknown[] } })._receiver;
    const list = reader._fragments;
    const answers: string[] = [];
    client.on('message', (data) => answers.push(String(data)));
    for (const msgIncr of ['a', 'b'])
      client.send(
        JSON.stringify({ reqIdentifier: WsReq.Heartbeat, msgIncr, operationID: msgIncr, data: {} }),
      );
    while (answers.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answers.map((text) => (JSON.parse(text) as { errCode: number }).errCode)).toEqual([0, 0]);
    expect(reader._fragments).toBe(list);
    expect(list).toHaveLength(0);
    client.close();
  });
});
