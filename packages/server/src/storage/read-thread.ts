import { Worker } from 'node:worker_threads';
import type { CompiledQuery, QueryResult } from 'kysely';
import type { ReadAnswer, ReadRequest } from './read-thread-worker.ts';
import { WorkerRequests } from './worker-requests.ts';
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
  readonly #requests: WorkerRequests<Omit<ReadRequest, 'id'>, ReadAnswer>;

  constructor(filename: string, fallback: QueryRunner) {
    this.#fallback = fallback;
    this.#worker = new Worker(new URL('./read-thread-worker.ts', import.meta.url), {
      workerData: { filename },
    });
    this.#requests = new WorkerRequests(this.#worker, 'reads');
  }

  async executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
    if (!this.#requests.alive) return this.#fallback.executeQuery(query);
    const answer = await this.#requests
      .ask({ sql: query.sql, parameters: query.parameters })
      .catch(() => undefined);
    // The thread ended with the read in it: the server's connection reads instead.
    if (!answer) return this.#fallback.executeQuery(query);
    if ('rows' in answer) return { rows: answer.rows as R[] };
    throw new Error(answer.error);
  }

  stop(): Promise<void> {
    return stopWorker(this.#worker, 'stop');
  }
}
