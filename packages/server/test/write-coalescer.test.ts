import { once } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { holdWrites } from '../src/gateway/write-coalescer.ts';
import { runWithGc } from './support/old-generation.ts';
import { closeWsPairs, wsPair } from './support/ws-pair.ts';

const coalescer = new URL('../src/gateway/write-coalescer.ts', import.meta.url).href;

afterEach(closeWsPairs);

/**
 * A child process that holds the writes of 300 sockets in one run, three rounds: how much the old
 * generation grew over a round and two young collections after it, the least of the three (the first
 * round also compiles). A full collection before each round puts the coalescer's own state in the old
 * generation, where a loaded server's is. The sockets count their corks only (the writes are not what
 * is measured).
 */
function promotedByRuns(): number {
  return runWithGc(`
    const { holdWrites } = await import(${JSON.stringify(coalescer)});
    const sockets = Array.from({ length: 300 }, () => ({
      _socket: { writableCorked: 0, cork() { this.writableCorked += 1; }, uncork() { this.writableCorked -= 1; } },
    }));
    const promoted = [];
    for (let round = 0; round < 3; round += 1) {
      gc();
      const before = oldUsed();
      for (const socket of sockets) holdWrites(socket);
      await new Promise((resolve) => setImmediate(resolve));
      if (sockets.some((socket) => socket._socket.writableCorked !== 0)) throw new Error('still held');
      gc({ type: 'minor' });
      gc({ type: 'minor' });
      promoted.push(oldUsed() - before);
    }
    console.log(Math.min(...promoted));
  `);
}

describe('the write hold of a run of answers (gateway/write-coalescer.ts)', () => {
  it('corks a socket once however many frames of the run it gets, and lets it go after the run', async () => {
    const { ws, client } = await wsPair();
    const socket = (ws as unknown as { _socket: Socket })._socket;
    const got: string[] = [];
    client.on('message', (data) => got.push(String(data)));
    for (const text of ['one', 'two', 'three']) {
      holdWrites(ws);
      ws.send(text);
    }
    expect(socket.writableCorked).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.writableCorked).toBe(0);
    while (got.length < 3) await once(client, 'message');
    expect(got).toEqual(['one', 'two', 'three']);
    client.close();
  });

  it("keeps nothing of a run past it: a run's bookkeeping does not grow the old generation", () => {
    // An old set grows its tables in the old generation, and a cleared one keeps its successors
    // reachable: 24-28 kB a round for 300 sockets, as a set cleared after each run or a new set each
    // run. The list emptied in place: ~3 kB.
    expect(promotedByRuns()).toBeLessThan(10 * 1024);
  });
});
