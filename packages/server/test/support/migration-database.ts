import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from '../../src/storage/migrations/index.ts';
import { nodeSqliteDialect } from '../../src/storage/node-sqlite-dialect.ts';

/** A database of its own, empty: a temporary SQLite file, or a new PostgreSQL database. */
export async function emptyDatabase(kind: 'sqlite' | 'postgres') {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'im-migration-'));
    const db = new Kysely<unknown>({ dialect: nodeSqliteDialect(join(dir, 'db.sqlite')) });
    const drop = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
    return { db, drop };
  }
  const base = process.env.DATABASE_URL!;
  const name = `im_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The drop ends any connection the pool has not closed yet; that is expected, not a failure.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export const migrator = (db: Kysely<unknown>) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });
