import { parentPort, workerData } from 'node:worker_threads';
import { catchUpOn } from './index-batch.ts';
import { openIndexingConnection } from './search-file.ts';

/**
 * The search index's thread (search-index.ts): its own connection indexes what the server asks it to
 * catch up on, and answers the last change note it applied. A stop catches up once more, so that a
 * stopped server leaves nothing pending for its next start.
 */
const { messagesPath, searchPath } = workerData as { messagesPath: string; searchPath: string };
const db = openIndexingConnection(messagesPath, searchPath);

export type IndexRequest = { type: 'catch-up'; id: number } | { type: 'stop' };
export type IndexAnswer = { id: number; changesDone: number } | { id: number; error: string };

function answer(id: number): IndexAnswer {
  try {
    return { id, changesDone: catchUpOn(db) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: IndexRequest) => {
  if (request.type === 'catch-up') {
    parentPort?.postMessage(answer(request.id));
    return;
  }
  answer(0);
  db.close();
  parentPort?.close();
});
