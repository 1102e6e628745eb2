import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { statementCache } from './statement-cache.ts';
import { yieldOnWake } from './background-thread.ts';

/**
 * The reads' thread (read-thread.ts): its own connection, which only reads, runs each statement it
 * is handed and answers the rows. A byte value (a pull's JSON, message/message-json.ts) is moved to
 * the server's thread, not copied.
 */
const { filename } = workerData as { filename: string };
// Woken by each read, it waits for a free core rather than take the event loop's (background-thread.ts).
yieldOnWake();
const db = new DatabaseSync(filename);
db.exec('PRAGMA query_only = ON');
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA cache_size = -65536');
db.exec('PRAGMA mmap_size = 268435456');
const statement = statementCache(db, 200);

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
export type ReadAnswer = { id: number; rows: unknown[] } | { id: number; error: string };

/** The buffers of the rows' byte values that are whole (nothing else shares them): moved, not copied. */
function movable(rows: unknown[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const row of rows)
    for (const value of Object.values(row as object))
      if (
        value instanceof Uint8Array &&
        value.byteOffset === 0 &&
        value.byteLength === value.buffer.byteLength
      )
        buffers.push(value.buffer as ArrayBuffer);
  return buffers;
}

parentPort?.on('message', (request: ReadRequest | 'stop') => {
  if (request === 'stop') {
    db.close();
    parentPort?.close();
    return;
  }
  try {
    const rows = statement(request.sql).all(...(request.parameters as SQLInputValue[]));
    parentPort?.postMessage({ id: request.id, rows } satisfies ReadAnswer, movable(rows));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort?.postMessage({ id: request.id, error: message } satisfies ReadAnswer);
  }
});
