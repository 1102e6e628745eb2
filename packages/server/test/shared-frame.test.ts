import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame, writeFrameParts, writeSharedFrame, writeTextFrame } from '../src/gateway/shared-frame.ts';
import { holdWrites } from '../src/gateway/write-coalescer.ts';

let server: WebSocketServer | undefined;

afterEach(async () => {
  server?.clients.forEach((ws) => ws.terminate());
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server socket and its client, with the client's messages as text in arrival order. */
async function pair(perMessageDeflate: boolean) {
  server = new WebSocketServer({ port: 0, perMessageDeflate });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const accepted = once(server, 'connection');
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate });
  const got: string[] = [];
  client.on('message', (data, isBinary) => got.push(isBinary ? 'binary!' : data.toString()));
  await once(client, 'open');
  const [ws] = (await accepted) as [WebSocket];
  return { ws, client, got };
}

/** Payloads across the three length encodings of a frame header (7 bits, 16 bits, 64 bits). */
const payloads = [
  '{"a":1}',
  'é'.repeat(100),
  'x'.repeat(125),
  'y'.repeat(126),
  'z'.repeat(65_535),
  'w'.repeat(70_000),
];

describe('a WebSocket frame built once for a fan-out (docs/decisions.md#group-fan-out)', () => {
  it('reaches the client as the same text frames, in order with the frames ws sends, under the write hold', async () => {
    const { ws, client, got } = await pair(false);
    const expected: string[] = [];
    for (const [i, text] of payloads.entries()) {
      holdWrites(ws);
      ws.send(`before ${i}`);
      expect(writeSharedFrame(ws, textFrame(Buffer.from(text)))).toBe(true);
      ws.send(`after ${i}`);
      expected.push(`before ${i}`, text, `after ${i}`);
    }
    while (got.length < expected.length) await once(client, 'message');
    expect(got).toEqual(expected);
    client.close();
  });

  it('leaves a socket with permessage-deflate to ws (its frames carry the compression bit)', async () => {
    const { ws, client } = await pair(true);
    expect(writeSharedFrame(ws, textFrame(Buffer.from('{}')))).toBe(false);
    expect(writeFrameParts(ws, [Buffer.from('{}')])).toBe(false);
    expect(writeTextFrame(ws, '{}')).toBe(false);
    client.close();
  });

  it('a frame written in parts (a pull answer) reaches the client as one text frame, in order with the others', async () => {
    const { ws, client, got } = await pair(false);
    const expected: string[] = [];
    for (const [i, text] of payloads.entries()) {
      // In three parts, one of them empty, across each length encoding of the header.
      const bytes = Buffer.from(text);
      const cut = Math.floor(bytes.length / 2);
      holdWrites(ws);
      ws.send(`before ${i}`);
      const parts = [
        Buffer.from('['),
        bytes.subarray(0, cut),
        Buffer.alloc(0),
        bytes.subarray(cut),
        Buffer.from(']'),
      ];
      expect(writeFrameParts(ws, parts)).toBe(true);
      ws.send(`after ${i}`);
      expected.push(`before ${i}`, `[${text}]`, `after ${i}`);
    }
    while (got.length < expected.length) await once(client, 'message');
    expect(got).toEqual(expected);
    client.close();
  });

  it('a text written as one frame (an answer) leaves in one write and reaches the client as that text, in order with the others', async () => {
    const { ws, client, got } = await pair(false);
    const socket = (ws as unknown as { _socket: { write: (chunk: Buffer) => boolean } })._socket;
    const write = socket.write.bind(socket);
    const written: Buffer[] = [];
    socket.write = (chunk: Buffer) => {
      written.push(chunk);
      return write(chunk);
    };
    const expected: string[] = [];
    for (const [i, text] of payloads.entries()) {
      holdWrites(ws);
      ws.send(`before ${i}`);
      const before = written.length;
      expect(writeTextFrame(ws, text)).toBe(true);
      // Header and payload in one buffer: the frame's whole length, in one write.
      expect(written.length - before).toBe(1);
      const length = Buffer.byteLength(text);
      expect(written.at(-1)!.length).toBe(length + (length < 126 ? 2 : length < 65536 ? 4 : 10));
      ws.send(`after ${i}`);
      expected.push(`before ${i}`, text, `after ${i}`);
    }
    while (got.length < expected.length) await once(client, 'message');
    expect(got).toEqual(expected);
    client.close();
  });
});
