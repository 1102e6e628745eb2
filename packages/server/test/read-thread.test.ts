import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import type { QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/config.ts';
import { BatchingMessageWriter } from '../src/message/batching-writer.ts';
import { unmapped } from '../src/message/message-columns.ts';
import { encodedMessagesInRange } from '../src/message/message-json.ts';
import { MESSAGES_FILE, openDatabase } from '../src/storage/database.ts';
import type { Database } from '../src/storage/database.ts';
import { ReadThread } from '../src/storage/read-thread.ts';
import type { QueryRunner } from '../src/storage/read-thread.ts';
import { textPair } from './support/text-pair.ts';

/**
 * SQLite's reads on a thread of their own (storage/read-thread.ts, docs/decisions.md#reconnect-storm):
 * a pull's JSON is read there, from a connection that sees every commit made before the read, and
 * the server's connection answers once the thread has ended.
 */
describe('read thread on sqlite', () => {
  let dir: string;
  let db: Database;
  let reads: ReadThread;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'im-read-thread-'));
    ({ db } = await openDatabase({ DATA_DIR: dir } as Config));
    reads = new ReadThread(join(dir, MESSAGES_FILE), unmapped(db));
  });
  afterAll(async () => {
    await reads.stop();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A runner that notes each statement it is handed, then hands it on. */
  const noting = (runner: QueryRunner) => {
    const statements: string[] = [];
    const wrapped: QueryRunner = {
      executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
        statements.push(query.sql);
        return runner.executeQuery(query);
      },
    };
    return { wrapped, statements };
  };

  it("reads a pull's JSON on the thread, with every message committed before the read", async () => {
    const { conversationID, views, draft } = textPair(1);
    const writer = new BatchingMessageWriter(db);
    for (const text of ['one', 'two', 'three']) await writer.store(draft(text), { views });
    const { wrapped, statements } = noting(reads);
    const json = await encodedMessagesInRange(db, conversationID, 1, 3, wrapped);
    expect(statements).toHaveLength(1);
    expect(json).toEqual(await encodedMessagesInRange(db, conversationID, 1, 3));
    const items = JSON.parse(`[${json.toString()}]`) as { seq: number; textElem: { content: string } }[];
    expect(items.map((m) => [m.seq, m.textElem.content])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('answers a failed statement with its error', async () => {
    await expect(reads.executeQuery(CompiledQuery.raw('SELECT * FROM no_such_table'))).rejects.toThrow(
      /no such table/,
    );
  });

  it("reads on the server's connection once the thread has ended", async () => {
    const ended = new ReadThread(join(dir, MESSAGES_FILE), unmapped(db));
    await ended.stop();
    const { rows } = await ended.executeQuery(CompiledQuery.raw('SELECT COUNT(*) AS n FROM messages'));
    expect(rows).toEqual([{ n: 3 }]);
  });
});
