import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { unmapped } from '../message/message-columns.ts';
import { messagesFile } from '../storage/database.ts';
import type { Database, DialectName } from '../storage/database.ts';
import { WorkerRequests } from '../storage/worker-requests.ts';
import { stopWorker } from '../storage/worker-stop.ts';
import { createSearchFile, SEARCH_FILE } from './search-file.ts';
import type { IndexAnswer, IndexRequest } from './search-index-worker.ts';

/** How often the background job has the index catch up with what was stored since (src/app.ts). */
export const SEARCH_INDEX_INTERVAL_MS = 250;

/**
 * The message search index as the server sees it. `catchUp` resolves once every message stored
 * before the call is indexed; `read` runs a search statement after a catch-up, so that it finds
 * everything stored before it was asked; `stop` catches up a last time and lets the index's files go.
 */
export interface SearchIndex {
  catchUp(): Promise<void>;
  read<R>(query: CompiledQuery<R>): Promise<R[]>;
  stop(): Promise<void>;
}

/** PostgreSQL indexes in its trigger, inside the send's transaction: a search reads at once. */
function indexedByTrigger(db: Database): SearchIndex {
  return {
    catchUp: async () => {},
    read: async (query) => (await unmapped(db).executeQuery(query)).rows,
    stop: async () => {},
  };
}

/**
 * SQLite's index in a file of its own (search-file.ts), filled and read by a thread of its own
 * (search-index-worker.ts): the sends' commits never wait for its writes, and the event loop's thread
 * does none of its tokenising or matching (docs/decisions.md#message-search). The server's
 * connection deletes the change notes (migration 0020) the thread has applied.
 */
export async function startSearchIndex(
  db: Database,
  dialect: DialectName,
  dataDir: string,
): Promise<SearchIndex> {
  if (dialect === 'postgres') return indexedByTrigger(db);
  const searchPath = join(dataDir, SEARCH_FILE);
  createSearchFile(searchPath);
  const worker = new Worker(new URL('./search-index-worker.ts', import.meta.url), {
    workerData: { messagesPath: messagesFile({ DATA_DIR: dataDir }), searchPath },
  });
  // A thread that ended fails the searches; the sends never depend on it.
  const requests = new WorkerRequests<IndexRequest, IndexAnswer>(worker, 'search index');
  let notesDeleted = 0;
  const ask = async (request: IndexRequest) => {
    const answer = await requests.ask(request);
    if ('error' in answer) throw new Error(`search index: ${answer.error}`);
    if (answer.changesDone > notesDeleted) {
      await sql`DELETE FROM message_search_changes WHERE id <= ${answer.changesDone}`.execute(db);
      notesDeleted = answer.changesDone;
    }
    return answer;
  };
  return {
    async catchUp() {
      await ask({ type: 'catch-up' });
    },
    async read<R>(query: CompiledQuery<R>) {
      const answer = await ask({ type: 'read', sql: query.sql, parameters: query.parameters });
      return (answer.rows ?? []) as R[];
    },
    stop: () => stopWorker(worker, { type: 'stop' } satisfies IndexRequest),
  };
}
