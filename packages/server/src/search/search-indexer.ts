import { sql } from 'kysely';
import type { Database, DialectName } from '../storage/database.ts';

/** Most messages one indexing transaction takes: a few milliseconds, so sends queued behind it wait little. */
export const INDEX_BATCH = 500;

/** How often the background job indexes what was stored since (src/app.ts). */
export const SEARCH_INDEX_INTERVAL_MS = 250;

/** The searchable text of `messages m` (migration 0011): a text's, @-text's or quote's own words. */
const TEXT = sql.raw(`CASE WHEN m.content_type IN (101, 106, 114) AND json_valid(m.content)
  THEN COALESCE(CAST(json_extract(m.content,
    CASE m.content_type WHEN 101 THEN '$.content' ELSE '$.text' END) AS TEXT), '')
  ELSE '' END`);

/**
 * Indexes up to `limit` pending messages (rowid above the mark of migration 0015) in one transaction
 * and moves the mark past them; answers how many it took (0: nothing was pending). Batched, FTS5
 * tokenises a few hundred rows into one segment, about a third of the cost of one row per send
 * (docs/decisions.md#message-search). A row a rewrite already indexed (its update trigger) is skipped.
 */
export async function indexPendingMessages(db: Database, limit = INDEX_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ fromRowid: number; toRowid: number | null; taken: number }>`
      SELECT p.indexed_rowid AS from_rowid, MAX(m.rowid) AS to_rowid, COUNT(m.rowid) AS taken
      FROM message_search_progress p
      LEFT JOIN (SELECT rowid FROM messages
        WHERE rowid > (SELECT indexed_rowid FROM message_search_progress) ORDER BY rowid LIMIT ${limit}) m
      GROUP BY p.indexed_rowid`.execute(trx);
    const range = rows[0];
    if (!range?.toRowid) return 0;
    const { rows: ids } = await sql<{ lastId: number }>`
      SELECT COALESCE(MAX(id), 0) AS last_id FROM message_search_rows`.execute(trx);
    await sql`INSERT INTO message_search_rows (conversation_id, seq)
      SELECT m.conversation_id, m.seq FROM messages m
      WHERE m.rowid > ${range.fromRowid} AND m.rowid <= ${range.toRowid} AND ${TEXT} <> ''
      ORDER BY m.rowid
      ON CONFLICT DO NOTHING`.execute(trx);
    // The entries made just now: ids above the largest one before (SQLite gives max + 1).
    await sql`INSERT INTO message_search_fts (rowid, body)
      SELECT r.id, ${TEXT} FROM message_search_rows r
      JOIN messages m ON m.conversation_id = r.conversation_id AND m.seq = r.seq
      WHERE r.id > ${ids[0]?.lastId ?? 0}`.execute(trx);
    await sql`UPDATE message_search_progress SET indexed_rowid = ${range.toRowid}`.execute(trx);
    return Number(range.taken);
  });
}

/**
 * Indexes every message pending now, a batch at a time (a search calls it before it reads, so it
 * finds everything stored before it was asked). PostgreSQL indexes in its trigger: nothing to do.
 */
export async function catchUpSearchIndex(db: Database, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  // An idle server's job, four times a second: one read, not a write transaction on the writer.
  if (!(await hasPendingMessages(db))) return;
  // A batch under the limit took the last pending row: sends stored meanwhile are the job's.
  while ((await indexPendingMessages(db)) === INDEX_BATCH);
}

/** Whether a message waits to be indexed (a rowid seek past the mark). */
async function hasPendingMessages(db: Database): Promise<boolean> {
  const { rows } = await sql<{ pending: unknown }>`
    SELECT EXISTS (SELECT 1 FROM messages
      WHERE rowid > (SELECT indexed_rowid FROM message_search_progress)) AS pending`.execute(db);
  return Boolean(rows[0]?.pending);
}
