import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * SQLite's search index is filled after the commit, in batches (src/search/search-indexer.ts;
 * docs/decisions.md#message-search): the insert trigger of migration 0011 tokenised each message inside
 * the send's transaction, a third of a send's database time. `message_search_progress` holds the
 * largest `messages` rowid up to which every row has been indexed; rows above it are pending, and a
 * search indexes them before it reads. The update and delete triggers stay: a rewrite of a pending row
 * indexes it early (the batch then skips it), a rewrite of an indexed one reindexes it.
 *
 * SQLite gives a new row the largest rowid plus one, so a rowid is reused only when the largest row is
 * deleted: the delete trigger then lowers the mark to the new largest, so a reused rowid is always
 * above it (pending), never taken as indexed. PostgreSQL keeps its trigger (an index insert there is
 * a GIN entry, not a tokenised segment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`CREATE TABLE message_search_progress (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_rowid INTEGER NOT NULL)`.execute(db);
  // Every row stored so far was indexed by the insert trigger.
  await sql`INSERT INTO message_search_progress (id, indexed_rowid)
    SELECT 1, COALESCE(MAX(rowid), 0) FROM messages`.execute(db);
  await sql`DROP TRIGGER messages_search_insert`.execute(db);
  await sql`DROP TRIGGER messages_search_delete`.execute(db);
  await sql`CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    DELETE FROM message_search_fts WHERE rowid IN (SELECT id FROM message_search_rows
      WHERE conversation_id = old.conversation_id AND seq = old.seq);
    DELETE FROM message_search_rows WHERE conversation_id = old.conversation_id AND seq = old.seq;
    UPDATE message_search_progress
      SET indexed_rowid = MIN(indexed_rowid, COALESCE((SELECT MAX(rowid) FROM messages), 0));
  END`.execute(db);
}

/** Back to indexing inside the insert: the pending rows are indexed first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`INSERT INTO message_search_rows (conversation_id, seq)
    SELECT m.conversation_id, m.seq FROM messages m
    WHERE m.rowid > (SELECT indexed_rowid FROM message_search_progress) AND ${textOf('m')} <> ''
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO message_search_fts (rowid, body)
    SELECT r.id, ${textOf('m')} FROM message_search_rows r
    JOIN messages m ON m.conversation_id = r.conversation_id AND m.seq = r.seq
    WHERE r.id NOT IN (SELECT rowid FROM message_search_fts)`.execute(db);
  await sql`DROP TRIGGER messages_search_delete`.execute(db);
  await sql`DROP TABLE message_search_progress`.execute(db);
  await sql`CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    DELETE FROM message_search_fts WHERE rowid IN (SELECT id FROM message_search_rows
      WHERE conversation_id = old.conversation_id AND seq = old.seq);
    DELETE FROM message_search_rows WHERE conversation_id = old.conversation_id AND seq = old.seq;
  END`.execute(db);
  const text = textOf('new');
  await sql`CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
    INSERT INTO message_search_rows (conversation_id, seq)
      SELECT new.conversation_id, new.seq WHERE ${text} <> '';
    INSERT INTO message_search_fts (rowid, body)
      SELECT r.id, ${text} FROM message_search_rows r
      WHERE r.conversation_id = new.conversation_id AND r.seq = new.seq AND ${text} <> '';
  END`.execute(db);
}

/** Migration 0011's searchable text of the `messages` row `row`. */
function textOf(row: string) {
  return sql.raw(`CASE WHEN ${row}.content_type IN (101, 106, 114) AND json_valid(${row}.content)
    THEN COALESCE(CAST(json_extract(${row}.content,
      CASE ${row}.content_type WHEN 101 THEN '$.content' ELSE '$.text' END) AS TEXT), '')
    ELSE '' END`);
}
