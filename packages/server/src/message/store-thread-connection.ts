import { CamelCasePlugin, Kysely } from 'kysely';
import { nodeSqliteDialect, STORE_THREAD_PAGE_CACHE_KIB } from '../storage/node-sqlite-dialect.ts';
import type { Tables } from '../storage/tables.ts';

/**
 * The store thread's own connection to the messages' file (store-thread-worker.ts). It runs no
 * checkpoints (the server's connection does: storage/wal-checkpointer.ts), and its page cache is
 * STORE_THREAD_PAGE_CACHE_KIB: its commits, hundreds a second, each trim the cache.
 */
export function storeThreadDatabase(filename: string): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: nodeSqliteDialect(filename, () => ({ stop: async () => {} }), STORE_THREAD_PAGE_CACHE_KIB),
    plugins: [new CamelCasePlugin()],
  });
}
