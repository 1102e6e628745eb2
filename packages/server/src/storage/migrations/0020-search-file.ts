import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * SQLite's search index moves to a database file of its own, `search.sqlite` beside the messages
 * (src/search/search-file.ts; docs/decisions.md#message-search). SQLite lets one connection write a
 * file at a time, so while the index was in this file its batches held the sends' commits back, on
 * whichever thread they ran. In a file of its own a thread fills it beside the sends.
 *
 * The index and its progress mark leave this file; the new file starts empty and its thread indexes
 * every stored message again, in batches (docs/operations.md#message-search). A trigger cannot write
 * another file, so the rewrite and delete triggers now only note the message's id in
 * `message_search_changes`, whose own id orders the notes; the index's thread applies them, and the
 * server deletes the notes it has applied. PostgreSQL keeps its own table and trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.transaction().execute(async (trx) => {
    await sql`DROP TRIGGER messages_search_update`.execute(trx);
    await sql`DROP TRIGGER messages_search_delete`.execute(trx);
    await sql`DROP TABLE message_search_fts`.execute(trx);
    await sql`DROP TABLE message_search_progress`.execute(trx);
    // AUTOINCREMENT: a note's id is never given again after the notes below it are deleted.
    await sql`CREATE TABLE message_search_changes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      message_id INTEGER NOT NULL)`.execute(trx);
    await sql`CREATE TRIGGER messages_search_update AFTER UPDATE OF content, content_type ON messages
      BEGIN INSERT INTO message_search_changes (message_id) VALUES (new.id); END`.execute(trx);
    await sql`CREATE TRIGGER messages_search_delete AFTER DELETE ON messages
      BEGIN INSERT INTO message_search_changes (message_id) VALUES (old.id); END`.execute(trx);
  });
}

/**
 * Back to the index in this file, empty, every message pending (mark 0): the indexer of migration
 * 0015 fills it again. The triggers are migration 0019's.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.transaction().execute(async (trx) => {
    await sql`DROP TRIGGER messages_search_update`.execute(trx);
    await sql`DROP TRIGGER messages_search_delete`.execute(trx);
    await sql`DROP TABLE message_search_changes`.execute(trx);
    await sql`CREATE VIRTUAL TABLE message_search_fts USING fts5(body, tokenize = 'trigram')`.execute(trx);
    await sql`CREATE TABLE message_search_progress (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      indexed_rowid INTEGER NOT NULL)`.execute(trx);
    await sql`INSERT INTO message_search_progress (id, indexed_rowid) VALUES (1, 0)`.execute(trx);
    const text = searchableText('new');
    await sql`CREATE TRIGGER messages_search_update AFTER UPDATE OF content, content_type ON messages
      WHEN old.id <= (SELECT indexed_rowid FROM message_search_progress)
      BEGIN
        DELETE FROM message_search_fts WHERE rowid = old.id;
        INSERT INTO message_search_fts (rowid, body) SELECT new.id, ${text} WHERE ${text} <> '';
      END`.execute(trx);
    await sql`CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
      DELETE FROM message_search_fts WHERE rowid = old.id;
      UPDATE message_search_progress
        SET indexed_rowid = MIN(indexed_rowid, COALESCE((SELECT MAX(id) FROM messages), 0));
    END`.execute(trx);
  });
}

/** The searchable text of the `messages` row `row`, as migration 0011 wrote it (migrations are never edited later). */
function searchableText(row: string) {
  return sql.raw(`CASE WHEN ${row}.content_type IN (101, 106, 114) AND json_valid(${row}.content)
    THEN COALESCE(CAST(json_extract(${row}.content,
      CASE ${row}.content_type WHEN 101 THEN '$.content' ELSE '$.text' END) AS TEXT), '')
    ELSE '' END`);
}
