import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/storage/migrations/index.ts';
import { nodeSqliteDialect } from '../src/storage/node-sqlite-dialect.ts';
import { databases } from './support/http.ts';

/** A database of its own, empty: a temporary SQLite file, or a new PostgreSQL database. */
async function emptyDatabase(kind: 'sqlite' | 'postgres') {
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

const migrator = (db: Kysely<unknown>) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });

/**
 * Migration 0016 on a database that already has conversations: each row other than a group's gets
 * its conversation's latest send time as activity_time, so the list keeps its order across the
 * upgrade (docs/decisions.md#the-conversation-list-in-pages).
 */
describe.each(databases)('list order migration on %s', (kind) => {
  it('fills activity_time from the conversations’ latest send times', async () => {
    const { db, drop } = await emptyDatabase(kind);
    try {
      const to14 = await migrator(db).migrateTo('0014-deleted-views');
      expect(to14.error).toBeUndefined();
      await sql`INSERT INTO conversation_seqs (conversation_id, max_seq, latest_send_time)
        VALUES ('si_a_b', 3, 1000), ('si_a_c', 1, 2000), ('sg_g', 5, 3000)`.execute(db);
      await sql`INSERT INTO user_conversations (owner_user_id, conversation_id, conversation_type, user_id, group_id)
        VALUES ('a', 'si_a_b', 1, 'b', ''), ('b', 'si_a_b', 1, 'a', ''), ('a', 'si_a_c', 1, 'c', ''),
          ('a', 'si_a_d', 1, 'd', ''), ('a', 'sg_g', 3, '', 'g')`.execute(db);

      const latest = await migrator(db).migrateToLatest();
      expect(latest.error).toBeUndefined();
      const { rows } = await sql<{ owner_user_id: string; conversation_id: string; activity_time: number }>`
        SELECT owner_user_id, conversation_id, activity_time FROM user_conversations
        ORDER BY owner_user_id, conversation_id`.execute(db);
      expect(rows.map((r) => [r.owner_user_id, r.conversation_id, Number(r.activity_time)])).toEqual([
        ['a', 'sg_g', 0],
        ['a', 'si_a_b', 1000],
        ['a', 'si_a_c', 2000],
        ['a', 'si_a_d', 0],
        ['b', 'si_a_b', 1000],
      ]);
    } finally {
      await drop();
    }
  });
});
