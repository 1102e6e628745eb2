import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { storeThreadDatabase } from '../src/message/store-thread-connection.ts';
import { nodeSqliteDialect } from '../src/storage/node-sqlite-dialect.ts';

/**
 * The store thread's connection keeps a smaller page cache than the server's: it commits hundreds of
 * batches a second, and each commit after a B-tree split walks the whole cache (docs/decisions.md
 * "The machine's speed decides the p99 at 10,000 msg/s").
 */
describe("the store thread's connection", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const cacheKiB = async (db: Kysely<unknown>) => {
    const { rows } = await sql<Record<string, number>>`PRAGMA cache_size`.execute(db);
    return -Object.values(rows[0]!)[0]!;
  };

  it('has a page cache of 16 MiB, where the server keeps 64 MiB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-connection-'));
    dirs.push(dir);
    const file = join(dir, 'messages.sqlite');
    const server = new Kysely<unknown>({
      dialect: nodeSqliteDialect(file, () => ({ stop: async () => {} })),
    });
    const store = storeThreadDatabase(file) as unknown as Kysely<unknown>;
    try {
      expect(await cacheKiB(server)).toBe(65536);
      expect(await cacheKiB(store)).toBe(16384);
      // The same file in WAL mode, with the same synchronous level as the server's connection.
      const { rows } = await sql<Record<string, string>>`PRAGMA journal_mode`.execute(store);
      expect(Object.values(rows[0]!)[0]).toBe('wal');
    } finally {
      await store.destroy();
      await server.destroy();
    }
  });
});
