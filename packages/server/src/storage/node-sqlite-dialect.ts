import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
import { SqliteDialect } from 'kysely';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Value = null | number | bigint | string | Uint8Array;

/** node:sqlite binds no booleans; Kysely hands them through, so they become 0/1 here. */
function bindable(parameters: ReadonlyArray<unknown>): Value[] {
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

/**
 * Kysely's SQLite dialect on Node's built-in `node:sqlite` (no native addon, DESIGN §2), in WAL mode.
 * Prepared statements are cached by SQL text: Kysely prepares on every query.
 */
export function nodeSqliteDialect(filename: string): SqliteDialect {
  const db = new DatabaseSync(filename);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  const cache = new Map<string, SqliteStatement>();
  const database: SqliteDatabase = {
    close: () => db.close(),
    prepare: (sql) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = adapt(db.prepare(sql));
        if (cache.size > 2000) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
  return new SqliteDialect({ database });
}
