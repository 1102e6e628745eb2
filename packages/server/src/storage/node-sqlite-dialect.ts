import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
import { CompiledQuery, SqliteDialect } from 'kysely';
import type { DatabaseConnection, Driver, SqliteDatabase, SqliteStatement } from 'kysely';
import { castBoundLimits } from './bound-limits.ts';
import { startWalCheckpointer, WAL_AUTOCHECKPOINT_PAGES } from './wal-checkpointer.ts';

type Value = null | number | bigint | string | Uint8Array;

/**
 * node:sqlite binds no booleans; Kysely hands them through, so they become 0/1 here. Without one the
 * array is used as it is (a batch's insert carries thousands of parameters, docs/decisions.md "The
 * message hot path").
 */
function bindable(parameters: ReadonlyArray<unknown>): Value[] {
  if (!parameters.some((p) => typeof p === 'boolean')) return parameters as Value[];
  return parameters.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : (p as Value)));
}

/** Kysely's statement interface over a node:sqlite statement. */
function adapt(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...bindable(parameters)),
    run: (parameters) => statement.run(...bindable(parameters)),
    iterate: (parameters) => statement.iterate(...bindable(parameters)) as IterableIterator<unknown>,
  };
}

/** A connection's page cache, in KiB: with memory-mapped reads, it keeps the message indexes' hot pages in memory. */
export const PAGE_CACHE_KIB = 65536;

/**
 * Kysely's SQLite dialect on Node's built-in `node:sqlite` (no native addon,
 * docs/decisions.md#libraries), in WAL mode, its checkpoints off the event loop (wal-checkpointer.ts).
 * Prepared statements are cached by SQL text: Kysely prepares on every query. A bound LIMIT or OFFSET
 * is cast (bound-limits.ts), or SQLite would compile the statement again each time it runs.
 */
export function nodeSqliteDialect(
  filename: string,
  startCheckpointer = startWalCheckpointer,
  pageCacheKiB = PAGE_CACHE_KIB,
): SqliteDialect {
  const db = new DatabaseSync(filename);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`PRAGMA cache_size = -${pageCacheKiB}`);
  db.exec('PRAGMA mmap_size = 268435456');
  db.exec('PRAGMA temp_store = MEMORY');
  // Checkpoints run on a thread of their own (wal-checkpointer.ts); the writer's automatic one, at
  // ~160 MB of WAL, is what starts the WAL again under a steady stream of commits.
  db.exec(`PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  const checkpointer = startCheckpointer(filename);
  const cache = new Map<string, SqliteStatement>();
  const database: SqliteDatabase = {
    close: () => db.close(),
    prepare: (sql) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = adapt(db.prepare(castBoundLimits(sql)));
        if (cache.size > 2000) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
  return new FairSqliteDialect({ database }, () => checkpointer.stop());
}

/**
 * A first-in first-out lock. Kysely's SQLite mutex wakes every waiter on each release, and they all
 * race for it again: with hundreds of queued queries (a busy gateway) that costs O(n²) wake-ups.
 */
class FifoLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Kysely's SQLite driver behind a fair lock, so its own mutex is never contended. */
class FairSqliteDriver implements Driver {
  readonly #inner: Driver;
  readonly #lock = new FifoLock();
  readonly #stopCheckpointer: () => Promise<void>;

  constructor(inner: Driver, stopCheckpointer: () => Promise<void>) {
    this.#inner = inner;
    this.#stopCheckpointer = stopCheckpointer;
  }

  init = () => this.#inner.init();
  /**
   * The checkpointer's thread has closed its connection before this resolves: a destroyed database's
   * files are no longer touched (its last close removes the -wal and -shm files), so they can be moved
   * or deleted at once.
   */
  destroy = async () => {
    await this.#stopCheckpointer();
    await this.#inner.destroy();
  };
  /**
   * Immediate: the transaction takes the write lock when it begins. Two connections write the file
   * (the server's and the store's thread, message/store-thread.ts), and a deferred transaction that
   * read before the other's commit could not write after it (SQLITE_BUSY at once, no wait); taken at
   * the start, a busy lock is waited for (busy_timeout) instead.
   */
  beginTransaction: Driver['beginTransaction'] = async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  };
  commitTransaction: Driver['commitTransaction'] = (c) => this.#inner.commitTransaction(c);
  rollbackTransaction: Driver['rollbackTransaction'] = (c) => this.#inner.rollbackTransaction(c);
  savepoint: Driver['savepoint'] = (c, n, q) => this.#inner.savepoint!(c, n, q);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (c, n, q) => this.#inner.rollbackToSavepoint!(c, n, q);
  releaseSavepoint: Driver['releaseSavepoint'] = (c, n, q) => this.#inner.releaseSavepoint!(c, n, q);

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(connection);
    this.#lock.release();
  }
}

class FairSqliteDialect extends SqliteDialect {
  readonly #stopCheckpointer: () => Promise<void>;

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], stopCheckpointer: () => Promise<void>) {
    super(config);
    this.#stopCheckpointer = stopCheckpointer;
  }

  createDriver(): Driver {
    return new FairSqliteDriver(super.createDriver(), this.#stopCheckpointer);
  }
}
