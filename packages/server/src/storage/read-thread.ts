import { Worker } from 'node:worker_threads';
import type { CompiledQuery, QueryResult } from 'kysely';
import type { ReadAnswer, ReadRequest } from './read-thread-worker.ts';
import { stopWorker } from './worker-stop.ts';

/** What runs a compiled statement: the database itself, or a thread that reads (compiled-query.ts). */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/**
 * SQLite reads on a thread of their own (docs/decisions.md#reconnect-storm): a reconnect storm's
 * pulls, whose JSON SQLite writes (message/message-json.ts), were most of the event loop's thread
 * while ten thousand clients caught up. Its connection only reads; a read begins after every commit
 * that was answered before it was asked, since WAL readers see each commit at once. If the thread
 * ends, its reads run on `fallback`, the server's connection.
 */
export class ReadThread implements QueryRunner {
  readonly #worker: Worker;
  readonly #fallback: QueryRunner;
  readonly #waiting = new Map<number, (answer: ReadAnswer) => void>();
  #alive = true;
  #serial = 0;

  constructor(filename: string, fallback: QueryRunner) {
    this.#fallback = fallback;
    this.#worker = new Worker(new URL('./read-thread-worker.ts', import.meta.url), {
      workerData: { filename },
    });
    this.#worker.on('message', (answer: ReadAnswer) => {
      const resolve = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      resolve?.(answer);
    });
    const ended = () => {
      this.#alive = false;
      for (const [id, resolve] of this.#waiting) resolve({ id, error: 'ended' });
      this.#waiting.clear();
    };
    this.#worker.on('error', ended);
    this.#worker.on('exit', ended);
    this.#worker.unref();
  }

  async executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
    if (!this.#alive) return this.#fallback.executeQuery(query);
    this.#serial += 1;
    const request: ReadRequest = { id: this.#serial, sql: query.sql, parameters: query.parameters };
    const answer = await new Promise<ReadAnswer>((resolve) => {
      this.#waiting.set(request.id, resolve);
      this.#worker.postMessage(request);
    });
    if ('rows' in answer) return { rows: answer.rows as R[] };
    if (!this.#alive) return this.#fallback.executeQuery(query);
    throw new Error(answer.error);
  }

  stop(): Promise<void> {
    return stopWorker(this.#worker, 'stop');
  }
}
