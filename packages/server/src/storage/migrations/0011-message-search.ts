import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The message search index (docs/api.md#message-search, docs/decisions.md#message-search): the text a
 * person wrote (101 text, 106 @-text, 114 a quote's own text) of each stored message, kept in step with
 * `messages` by triggers, so that every insert, in-place rewrite (edit, revoke, burn tombstone) and
 * delete reindexes the row whatever code path made it. A row whose text is empty (a revoke's 2101, a
 * burned message's emptied content, a notification, a change notice) has no entry, so it is never found.
 *
 * - SQLite: an FTS5 table (`message_search_fts`) with the trigram tokenizer (substrings of 3+ characters through MATCH, shorter
 *   ones through LIKE on the same table), keyed by `message_search_rows.id`, an INTEGER PRIMARY KEY
 *   that VACUUM never renumbers (a plain table's rowid it may).
 * - PostgreSQL: a table (`message_search`) with a pg_trgm GIN index, which serves `ILIKE '%…%'`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER IF EXISTS messages_search ON messages`.execute(db);
    await sql`DROP FUNCTION IF EXISTS message_search_sync()`.execute(db);
    await sql`DROP TABLE IF EXISTS message_search`.execute(db);
    await sql`DROP FUNCTION IF EXISTS message_search_text(integer, text)`.execute(db);
    return;
  }
  for (const trigger of ['messages_search_insert', 'messages_search_update', 'messages_search_delete'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  await sql`DROP TABLE IF EXISTS message_search_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS message_search_rows`.execute(db);
}

/** The searchable text of a `messages` row (`row` is new, old or a table alias) in SQLite. */
function sqliteText(row: string) {
  return sql.raw(`CASE WHEN ${row}.content_type IN (101, 106, 114) AND json_valid(${row}.content)
    THEN COALESCE(CAST(json_extract(${row}.content,
      CASE ${row}.content_type WHEN 101 THEN '$.content' ELSE '$.text' END) AS TEXT), '')
    ELSE '' END`);
}

/** Indexes the `messages` row `row` when it has text (run inside the triggers and the backfill). */
function sqliteIndex(row: string) {
  const text = sqliteText(row);
  return sql`
    INSERT INTO message_search_rows (conversation_id, seq)
      SELECT ${sql.raw(row)}.conversation_id, ${sql.raw(row)}.seq WHERE ${text} <> '';
    INSERT INTO message_search_fts (rowid, body)
      SELECT r.id, ${text} FROM message_search_rows r
      WHERE r.conversation_id = ${sql.raw(row)}.conversation_id AND r.seq = ${sql.raw(row)}.seq
        AND ${text} <> '';`;
}

/** Removes the entry of the `messages` row `row`, if any. */
function sqliteUnindex(row: string) {
  return sql`
    DELETE FROM message_search_fts WHERE rowid IN (SELECT id FROM message_search_rows
      WHERE conversation_id = ${sql.raw(row)}.conversation_id AND seq = ${sql.raw(row)}.seq);
    DELETE FROM message_search_rows
      WHERE conversation_id = ${sql.raw(row)}.conversation_id AND seq = ${sql.raw(row)}.seq;`;
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE message_search_rows (
    id INTEGER PRIMARY KEY,
    conversation_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    UNIQUE (conversation_id, seq))`.execute(db);
  await sql`CREATE VIRTUAL TABLE message_search_fts USING fts5(body, tokenize = 'trigram')`.execute(db);
  await sql`CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
    ${sqliteIndex('new')}
  END`.execute(db);
  await sql`CREATE TRIGGER messages_search_update AFTER UPDATE ON messages BEGIN
    ${sqliteUnindex('old')}
    ${sqliteIndex('new')}
  END`.execute(db);
  await sql`CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    ${sqliteUnindex('old')}
  END`.execute(db);
  // The messages stored before this migration.
  const text = sqliteText('m');
  await sql`INSERT INTO message_search_rows (conversation_id, seq)
    SELECT m.conversation_id, m.seq FROM messages m WHERE ${text} <> ''`.execute(db);
  await sql`INSERT INTO message_search_fts (rowid, body)
    SELECT r.id, ${text} FROM message_search_rows r
    JOIN messages m ON m.conversation_id = r.conversation_id AND m.seq = r.seq`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // pg_trgm is a trusted extension: a database owner may create it (docs/operations.md#message-search).
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE message_search (
    conversation_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (conversation_id, seq))`.execute(db);
  await sql`CREATE INDEX message_search_body ON message_search USING gin (body gin_trgm_ops)`.execute(db);
  // Content that is not JSON (a tombstone's emptied content) has no text rather than failing the write.
  await sql`CREATE FUNCTION message_search_text(content_type integer, content text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      IF content_type NOT IN (101, 106, 114) OR content IS NULL OR content !~ '^\\s*\\{' THEN
        RETURN '';
      END IF;
      BEGIN
        RETURN COALESCE(content::jsonb ->> (CASE content_type WHEN 101 THEN 'content' ELSE 'text' END), '');
      EXCEPTION WHEN others THEN
        RETURN '';
      END;
    END $$`.execute(db);
  await sql`CREATE FUNCTION message_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      body text;
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM message_search WHERE conversation_id = OLD.conversation_id AND seq = OLD.seq;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        body := message_search_text(NEW.content_type, NEW.content);
        IF body <> '' THEN
          INSERT INTO message_search (conversation_id, seq, body)
            VALUES (NEW.conversation_id, NEW.seq, body);
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER messages_search AFTER INSERT OR UPDATE OR DELETE ON messages
    FOR EACH ROW EXECUTE FUNCTION message_search_sync()`.execute(db);
  await sql`INSERT INTO message_search (conversation_id, seq, body)
    SELECT conversation_id, seq, message_search_text(content_type, content) FROM messages
    WHERE message_search_text(content_type, content) <> ''`.execute(db);
}
