import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * SQLite's messages get an `id INTEGER PRIMARY KEY`, and the search index is keyed by it (issue 15,
 * docs/decisions.md#the-message-hot-path). Until now the index was keyed by a table of its own,
 * `message_search_rows` (id, conversation_id, seq), whose unique (conversation_id, seq) index took a
 * random page per indexed message: about a third of the bytes a stored message wrote. A rowid was
 * not a key to use instead, since VACUUM may renumber the rowids of a table without an INTEGER
 * PRIMARY KEY; an INTEGER PRIMARY KEY it never renumbers. Each message's id is its rowid until now,
 * so the search's progress mark (migration 0015) keeps its meaning.
 *
 * The table is rebuilt (SQLite cannot add a primary key): every row is copied in rowid order, the
 * (conversation_id, seq) key becomes a unique constraint of the same columns, the indexes of
 * migration 0018 are made again, and the search entries move to the messages' ids (their text is
 * tokenised again). On a large database the first start after the upgrade takes longer
 * (docs/operations.md#message-search). The rewrite trigger now fires on a change of the content only
 * (a reaction or a burn's start rewrote the index entry before), and only for an indexed row: a
 * pending one is indexed by the next batch with whatever it holds then. PostgreSQL keeps its own
 * table and trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // Kysely runs SQLite's migrations outside a transaction; a rebuild stopped half-way would leave the
  // messages in a table of another name, so it is one transaction (SQLite's DDL is transactional).
  await db.transaction().execute(rebuild);
}

async function rebuild(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'messages'`.execute(db);
  const created = rows[0]!.sql;
  const withId = created
    .replace(/^CREATE TABLE "messages" \(/, 'CREATE TABLE "messages" ("id" integer primary key, ')
    .replace(/constraint "messages_pk" primary key \(/, 'constraint "messages_pk" unique (');
  if (!withId.includes('"id" integer primary key') || !withId.includes('"messages_pk" unique'))
    throw new Error(`0019-message-ids: unexpected messages table: ${created}`);

  await sql`DROP TRIGGER messages_search_update`.execute(db);
  await sql`DROP TRIGGER messages_search_delete`.execute(db);
  await sql`ALTER TABLE messages RENAME TO messages_before_ids`.execute(db);
  await sql.raw(withId).execute(db);
  await sql`INSERT INTO messages SELECT rowid, * FROM messages_before_ids ORDER BY rowid`.execute(db);
  await sql`DROP TABLE messages_before_ids`.execute(db);
  await sql`CREATE UNIQUE INDEX messages_client_id_sender ON messages (client_msg_id, send_id)`.execute(db);
  await sql`CREATE INDEX messages_burn_due ON messages (burn_at) WHERE burn_at > 0`.execute(db);

  await sql`CREATE VIRTUAL TABLE message_search_by_id USING fts5(body, tokenize = 'trigram')`.execute(db);
  await sql`INSERT INTO message_search_by_id (rowid, body)
    SELECT m.id, f.body FROM message_search_fts f
    JOIN message_search_rows r ON r.id = f.rowid
    JOIN messages m ON m.conversation_id = r.conversation_id AND m.seq = r.seq`.execute(db);
  await sql`DROP TABLE message_search_fts`.execute(db);
  await sql`DROP TABLE message_search_rows`.execute(db);
  await sql`ALTER TABLE message_search_by_id RENAME TO message_search_fts`.execute(db);

  const text = searchableText('new');
  await sql`CREATE TRIGGER messages_search_update AFTER UPDATE OF content, content_type ON messages
    WHEN old.id <= (SELECT indexed_rowid FROM message_search_progress)
    BEGIN
      DELETE FROM message_search_fts WHERE rowid = old.id;
      INSERT INTO message_search_fts (rowid, body) SELECT new.id, ${text} WHERE ${text} <> '';
    END`.execute(db);
  // A new row takes the largest id plus one, so an id is reused only when the largest row goes: the
  // mark then comes down to the new largest, so that a reused id is pending (migration 0015).
  await sql`CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    DELETE FROM message_search_fts WHERE rowid = old.id;
    UPDATE message_search_progress
      SET indexed_rowid = MIN(indexed_rowid, COALESCE((SELECT MAX(id) FROM messages), 0));
  END`.execute(db);
}

/** Back to a table without ids is a rebuild of the same size; it is not done: restore a backup instead. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  throw new Error('0019-message-ids cannot be undone in place: restore the backup taken before the upgrade');
}

/** The searchable text of the `messages` row `row`, as migration 0011 wrote it (migrations are never edited later). */
function searchableText(row: string) {
  return sql.raw(`CASE WHEN ${row}.content_type IN (101, 106, 114) AND json_valid(${row}.content)
    THEN COALESCE(CAST(json_extract(${row}.content,
      CASE ${row}.content_type WHEN 101 THEN '$.content' ELSE '$.text' END) AS TEXT), '')
    ELSE '' END`);
}
