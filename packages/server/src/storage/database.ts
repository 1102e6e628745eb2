import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect } from 'kysely';
import type { Dialect, MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import { migrations } from './migrations/index.ts';
import { nodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Tables } from './tables.ts';

export type Database = Kysely<Tables>;
export type DialectName = 'sqlite' | 'postgres';

// PostgreSQL answers bigint (int8) as text; every bigint here is a millisecond time or a count.
pg.types.setTypeParser(20, (value) => Number(value));

function dialectFor(config: Config): { dialect: Dialect; name: DialectName; pool?: pg.Pool } {
  if (config.DATABASE_URL) {
    // DATABASE_POOL_MAX per node: N nodes hold N × it, which PostgreSQL's max_connections must allow.
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_MAX,
      // A database that does not answer fails the request (1008, retried by the client) instead of
      // holding it until the client gives up (docs/operations.md#database-outages).
      connectionTimeoutMillis: 5000,
    });
    // An idle connection can fail at any time (a database restart, a dropped test database); the pool
    // replaces it, and without a listener the error would end the process.
    pool.on('error', (error) => console.warn(`postgres: idle connection lost (${error.message})`));
    pool.on('connect', (client) =>
      client.on('error', (error) => console.warn(`postgres: connection in use lost (${error.message})`)),
    );
    return { dialect: new PostgresDialect({ pool }), name: 'postgres', pool };
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  return { dialect: nodeSqliteDialect(messagesFile(config)), name: 'sqlite' };
}

/** SQLite's file in DATA_DIR; the search index has one of its own beside it (src/search/search-file.ts). */
export const MESSAGES_FILE = 'messenger.sqlite';

/** The SQLite file of a configuration without DATABASE_URL. */
export const messagesFile = (config: Pick<Config, 'DATA_DIR'>) => join(config.DATA_DIR, MESSAGES_FILE);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Opens the configured database (SQLite in DATA_DIR unless DATABASE_URL) and brings its schema up to date. */
export async function openDatabase(
  config: Config,
): Promise<{ db: Database; dialect: DialectName; pool?: pg.Pool }> {
  const { dialect, name, pool } = dialectFor(config);
  const db = new Kysely<Tables>({ dialect, plugins: [new CamelCasePlugin()] });
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: name, pool };
}
