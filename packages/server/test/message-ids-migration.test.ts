import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startSearchIndex } from '../src/search/search-index.ts';
import { searchMessageRows } from '../src/search/search-queries.ts';
import { MESSAGES_FILE } from '../src/storage/database.ts';
import { migrations } from '../src/storage/migrations/index.ts';
import { nodeSqliteDialect } from '../src/storage/node-sqlite-dialect.ts';
import type { Tables } from '../src/storage/tables.ts';

const migrator = (db: Kysely<Tables>) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** A text row as the store writes it (the columns without defaults). */
const insertText = (db: Kysely<Tables>, conversationID: string, seq: number, text: string) =>
  sql`INSERT INTO messages (conversation_id, seq, server_msg_id, client_msg_id, send_id, recv_id,
      session_type, content_type, msg_from, create_time, send_time, content)
    VALUES (${conversationID}, ${seq}, ${`s-${conversationID}-${seq}`}, ${`c-${conversationID}-${seq}`}, 'a', 'b',
      1, 101, 100, ${seq}, ${seq}, ${JSON.stringify({ content: text })})`.execute(db);

/** A SQLite database of its own, migrated up to 0018 (the schema before this migration). */
async function databaseAt0018() {
  const dir = mkdtempSync(join(tmpdir(), 'im-message-ids-'));
  const db = new Kysely<Tables>({
    dialect: nodeSqliteDialect(join(dir, MESSAGES_FILE)),
    plugins: [new CamelCasePlugin()],
  });
  expect((await migrator(db).migrateTo('0018-message-key-indexes')).error).toBeUndefined();
  const drop = async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, dir, drop };
}

/**
 * Migration 0019 on a SQLite database that already holds messages and search entries: each message
 * keeps its rowid as its id, the entries move to those ids, the progress mark keeps its meaning, and
 * the searches, pulls and later sends work as before (docs/decisions.md#the-message-hot-path).
 */
describe('message ids migration on sqlite', () => {
  it('keeps every message, its order and its search entry, and indexes what was pending', async () => {
    const { db, dir, drop } = await databaseAt0018();
    try {
      await sql`INSERT INTO user_conversations (owner_user_id, conversation_id, conversation_type, user_id)
        VALUES ('b', 'si_a_b', 1, 'a')`.execute(db);
      for (const [seq, text] of [
        [1, 'first needle'],
        [2, 'second needle'],
        [3, 'third needle'],
      ] as const)
        await insertText(db, 'si_a_b', seq, text);
      // Rowids with a gap, as deletes leave them.
      await sql`DELETE FROM messages WHERE seq = 2`.execute(db);
      await insertText(db, 'si_a_b', 4, 'fourth needle');
      // Indexed by 0018's indexer up to the third row; the fourth is pending.
      await sql`INSERT INTO message_search_rows (conversation_id, seq)
        SELECT conversation_id, seq FROM messages WHERE rowid <= 3`.execute(db);
      await sql`INSERT INTO message_search_fts (rowid, body)
        SELECT r.id, json_extract(m.content, '$.content') FROM message_search_rows r
        JOIN messages m ON m.conversation_id = r.conversation_id AND m.seq = r.seq`.execute(db);
      await sql`UPDATE message_search_progress SET indexed_rowid = 3`.execute(db);
      const before = (
        await sql<{ rowid: number; seq: number }>`SELECT rowid, seq FROM messages ORDER BY rowid`.execute(db)
      ).rows;

      expect((await migrator(db).migrateTo('0019-message-ids')).error).toBeUndefined();

      const after = (
        await sql<{ id: number; seq: number }>`SELECT id, seq FROM messages ORDER BY id`.execute(db)
      ).rows;
      expect(after.map((r) => [r.id, r.seq])).toEqual(before.map((r) => [r.rowid, r.seq]));
      const entries = (
        await sql<{
          rowid: number;
          body: string;
        }>`SELECT rowid, body FROM message_search_fts ORDER BY rowid`.execute(db)
      ).rows;
      const idOf = (seq: number) => after.find((r) => r.seq === seq)!.id;
      expect(entries).toEqual([
        { rowid: idOf(1), body: 'first needle' },
        { rowid: idOf(3), body: 'third needle' },
      ]);
      const { rows: tables } = await sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE name IN ('message_search_rows', 'messages_before_ids')`.execute(
        db,
      );
      expect(tables).toEqual([]);

      // Migration 0020 moves the index to a file of its own, built again from the messages.
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      const index = await startSearchIndex(db, 'sqlite', dir);
      const search = async (keyword: string) =>
        (
          await searchMessageRows(db, 'sqlite', index, {
            ownerUserID: 'b',
            keyword,
            conversationID: '',
            offset: 0,
            limit: 10,
          })
        ).map((m) => Number(m.seq));
      expect(await search('needle')).toEqual([4, 3, 1]);
      // The key is still (conversation, seq): a second copy of a seq is refused.
      await expect(insertText(db, 'si_a_b', 4, 'again')).rejects.toThrow(/UNIQUE constraint failed/);
      await insertText(db, 'si_a_b', 5, 'fifth needle');
      expect(after.at(-1)!.id).toBeLessThan(
        (await sql<{ id: number }>`SELECT id FROM messages WHERE seq = 5`.execute(db)).rows[0]!.id,
      );
      expect(await search('fifth')).toEqual([5]);
      await index.stop();
    } finally {
      await drop();
    }
  });

  it('leaves the database as it was when the rebuild fails half-way, and runs again afterwards', async () => {
    const { db, drop } = await databaseAt0018();
    try {
      await insertText(db, 'si_a_b', 1, 'kept through a failure');
      // A table under the name the rebuild's new search index takes: its creation fails after the
      // messages were copied.
      await sql`CREATE TABLE message_search_by_id (x INTEGER)`.execute(db);
      const failed = await migrator(db).migrateToLatest();
      expect(failed.error).toBeDefined();
      const schema = (
        await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
          AND name IN ('messages', 'messages_before_ids', 'message_search_rows') ORDER BY name`.execute(db)
      ).rows.map((r) => r.name);
      expect(schema).toEqual(['message_search_rows', 'messages']);
      const columns = (
        await sql<{ name: string }>`SELECT name FROM pragma_table_info('messages')`.execute(db)
      ).rows;
      expect(columns.map((c) => c.name)).not.toContain('id');
      expect((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM messages`.execute(db)).rows[0]!.n).toBe(1);

      await sql`DROP TABLE message_search_by_id`.execute(db);
      expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
      const { rows } = await sql<{ id: number; seq: number }>`SELECT id, seq FROM messages`.execute(db);
      expect(rows.map((r) => [r.id, r.seq])).toEqual([[1, 1]]);
    } finally {
      await drop();
    }
  });
});
