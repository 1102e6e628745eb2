import type { SQLInputValue } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../storage/background-thread.ts';
import { statementCache } from '../storage/statement-cache.ts';
import { catchUpOn } from './index-batch.ts';
import { openIndexingConnection } from './search-file.ts';

/**
 * The search index's thread (search-index.ts): its own connection indexes what the server asks it to
 * catch up on, and runs the searches, each after a catch-up. Each answer carries the last change note
 * applied. A stop catches up once more, so that a stopped server leaves nothing pending for its next
 * start.
 */
const { messagesPath, searchPath } = workerData as { messagesPath: string; searchPath: string };
// Indexing may lag; the sends' threads may not.
runInBackground();
const db = openIndexingConnection(messagesPath, searchPath);
const statement = statementCache(db, 100);

/** What the server asks; the asks it answers come with an id (storage/worker-requests.ts). */
export type IndexRequest =
  { type: 'catch-up' } | { type: 'read'; sql: string; parameters: readonly unknown[] } | { type: 'stop' };
export type IndexAnswer =
  { id: number; changesDone: number; rows?: unknown[] } | { id: number; error: string };

function answer(request: IndexRequest, id: number): IndexAnswer {
  try {
    const changesDone = catchUpOn(db);
    if (request.type !== 'read') return { id, changesDone };
    const rows = statement(request.sql).all(...(request.parameters as SQLInputValue[]));
    return { id, changesDone, rows };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: IndexRequest & { id?: number }) => {
  if (request.type !== 'stop') {
    parentPort?.postMessage(answer(request, request.id ?? 0));
    return;
  }
  answer(request, 0);
  db.close();
  parentPort?.close();
});
