import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { MESSAGES_FILE } from '../storage/database.ts';
import type { Database, DialectName } from '../storage/database.ts';
import { createSearchFile, SEARCH_FILE, SEARCH_SCHEMA } from './search-file.ts';
import type { IndexAnswer, IndexRequest } from './search-index-worker.ts';

/** How often the background job has the index catch up with what was stored since (src/app.ts). */
export const SEARCH_INDEX_INTERVAL_MS = 250;

/**
 * The message search index as the server sees it. `catchUp` resolves once every message stored
 * before the call is indexed (a search calls it before it reads); `stop` catches up a last time and
 * lets the index's files go.
 */
export interface SearchIndex {
  catchUp(): Promise<void>;
  stop(): Promise<void>;
}

/** PostgreSQL indexes in its trigger, inside the send's transaction: nothing to catch up. */
export const indexedByTrigger: SearchIndex = { catchUp: async () => {}, stop: async () => {} };

/**
 * SQLite's index in a file of its own (search-file.ts), filled by a thread of its own
 * (search-index-worker.ts) beside the sends: their commits never wait for its writes, and the event
 * loop's thread does none of its tokenising (docs/decisions.md#message-search). The server's
 * connection attaches the file for searches, and deletes the change notes (migration 0020) the
 * thread has applied.
 */
export async function startSearchIndex(
  db: Database,
  dialect: DialectName,
  dataDir: string,
): Promise<SearchIndex> {
  if (dialect === 'postgres') return indexedByTrigger;
  const messagesPath = join(dataDir, MESSAGES_FILE);
  const searchPath = join(dataDir, SEARCH_FILE);
  createSearchFile(searchPath);
  await sql`ATTACH DATABASE ${searchPath} AS ${sql.raw(SEARCH_SCHEMA)}`.execute(db);
  const worker = new Worker(new URL('./search-index-worker.ts', import.meta.url), {
    workerData: { messagesPath, searchPath },
  });
  const waiting = new Map<number, { resolve: (done: number) => void; reject: (error: Error) => void }>();
  let serial = 0;
  let notesDeleted = 0;
  worker.on('message', (message: IndexAnswer) => {
    const caller = waiting.get(message.id);
    waiting.delete(message.id);
    if ('error' in message) caller?.reject(new Error(`search index: ${message.error}`));
    else caller?.resolve(message.changesDone);
  });
  // A thread that ended fails whoever waits; the sends never depend on it.
  worker.on('error', (error) => failAll(waiting, error));
  worker.on('exit', () => failAll(waiting, new Error('search index: its thread has stopped')));
  // It never keeps the process alive by itself.
  worker.unref();

  const ask = (request: IndexRequest & { type: 'catch-up' }) =>
    new Promise<number>((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  return {
    async catchUp() {
      serial += 1;
      const changesDone = await ask({ type: 'catch-up', id: serial });
      if (changesDone <= notesDeleted) return;
      await sql`DELETE FROM message_search_changes WHERE id <= ${changesDone}`.execute(db);
      notesDeleted = changesDone;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (worker.threadId === -1) return resolve();
        // Referenced while it stops, or a process with nothing else to do would exit before it has.
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'stop' } satisfies IndexRequest);
      }),
  };
}

function failAll(waiting: Map<number, { reject: (error: Error) => void }>, error: Error): void {
  for (const caller of waiting.values()) caller.reject(error);
  waiting.clear();
}
