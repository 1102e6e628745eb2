import { createServer } from 'node:net';
import { createWriteStream } from 'node:fs';
import WebSocket from 'ws';

/** A free loopback port for the server's inspector (`--inspect=127.0.0.1:<port>`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface HeapFigures {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/**
 * The DevTools protocol of a process started with `--inspect`: a full garbage collection before a
 * memory figure (so garbage of the connect phase is not counted as what sockets keep), the process's
 * own `process.memoryUsage()`, and heap snapshots for finding what a socket holds.
 */
export class Inspector {
  readonly #ws: WebSocket;
  #id = 0;
  readonly #waiting = new Map<number, (result: unknown) => void>();
  #onChunk: ((chunk: string) => void) | null = null;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as {
        id?: number;
        result?: unknown;
        method?: string;
        params?: { chunk: string };
      };
      if (message.id !== undefined) {
        this.#waiting.get(message.id)?.(message.result);
        this.#waiting.delete(message.id);
      } else if (message.method === 'HeapProfiler.addHeapSnapshotChunk')
        this.#onChunk?.(message.params!.chunk);
    });
  }

  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { perMessageDeflate: false, maxPayload: 0 });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new Inspector(ws);
  }

  call(method: string, params: object = {}): Promise<unknown> {
    this.#id += 1;
    const id = this.#id;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.#ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Memory after a full collection, in bytes. */
  async memory(): Promise<HeapFigures> {
    await this.call('HeapProfiler.collectGarbage');
    await this.call('HeapProfiler.collectGarbage');
    const answer = (await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(answer.result.value) as HeapFigures;
  }

  /** A heap snapshot written to `file` (open it in Chrome DevTools, or bench/memory/heap-diff.ts). */
  async heapSnapshot(file: string): Promise<void> {
    const out = createWriteStream(file);
    this.#onChunk = (chunk) => out.write(chunk);
    await this.call('HeapProfiler.enable');
    await this.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    this.#onChunk = null;
    await new Promise((resolve) => out.end(resolve));
  }

  close(): void {
    this.#ws.close();
  }
}
