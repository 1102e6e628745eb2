import { CamelCasePlugin, Kysely } from 'kysely';
import { nodeSqliteDialect } from '../storage/node-sqlite-dialect.ts';
import type { Tables } from '../storage/tables.ts';

/**
 * The store thread's page cache, in KiB, a quarter of the server's (storage/node-sqlite-dialect.ts
 * PAGE_CACHE_KIB): this connection commits a batch of sends ~200 times a second, and each commit after
 * a B-tree split walks the whole cache's table (docs/decisions.md "The machine's speed decides the p99
 * at 10,000 msg/s").
 */
export const STORE_THREAD_PAGE_CACHE_KIB = 16384;

/**
 * The store thread's own connection to the messages' file (store-thread-worker.ts). It runs no
 * checkpoints (the server's connection does: storage/wal-checkpointer.ts), and its page cache is
 * STORE_THREAD_PAGE_CACHE_KIB.
 */
export function storeThreadDatabase(filename: string): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: nodeSqliteDialect(filename, () => ({ stop: async () => {} }), STORE_THREAD_PAGE_CACHE_KIB),
    plugins: [new CamelCasePlugin()],
  });
}
