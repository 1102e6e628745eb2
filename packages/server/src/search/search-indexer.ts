import { setImmediate as nextTurn } from 'node:timers/promises';
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
 * Indexes up to `limit` pending messages (id above the mark of migration 0015) in one transaction and
 * moves the mark past them; answers how many it took (0: nothing was pending). Batched, FTS5
 * tokenises a few hundred rows into one segment, about a third of the cost of one row per send
 * (docs/decisions.md#message-search). An entry's rowid is its message's id (migration 0019).
 */
export async function indexPendingMessages(db: Database, limit = INDEX_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ fromId: number; toId: number | null; taken: number }>`
      SELECT p.indexed_rowid AS from_id, MAX(m.id) AS to_id, COUNT(m.id) AS taken
      FROM message_search_progress p
      LEFT JOIN (SELECT id FROM messages
        WHERE id > (SELECT indexed_rowid FROM message_search_progress) ORDER BY id LIMIT ${limit}) m
      GROUP BY p.indexed_rowid`.execute(trx);
    const range = rows[0];
    if (!range?.toId) return 0;
    await sql`INSERT INTO message_search_fts (rowid, body)
      SELECT m.id, ${TEXT} FROM messages m
      WHERE m.id > ${range.fromId} AND m.id <= ${range.toId} AND ${TEXT} <> ''`.execute(trx);
    await sql`UPDATE message_search_progress SET indexed_rowid = ${range.toId}`.execute(trx);
    return Number(range.taken);
  });
}

/**
 * Indexes every message pending now, a batch at a time (a search calls it before it reads, so it
 * finds everything stored before it was asked). PostgreSQL indexes in its trigger: nothing to do.
 * Each batch after the first waits for the next turn of the event loop: SQLite answers at once, so
 * the batches ran as one chain of promise continuations, and sends that came meanwhile waited for
 * the whole backlog (the writer starts its commit in an immediate, message/batching-writer.ts);
 * now they commit between two batches (docs/decisions.md "The message hot path").
 */
export async function catchUpSearchIndex(db: Database, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  // An idle server's job, four times a second: one read, not a write transaction on the writer.
  if (!(await hasPendingMessages(db))) return;
  // A batch under the limit took the last pending row: sends stored meanwhile are the job's.
  while ((await indexPendingMessages(db)) === INDEX_BATCH) await nextTurn();
}

/** Whether a message waits to be indexed (a rowid seek past the mark). */
async function hasPendingMessages(db: Database): Promise<boolean> {
  const { rows } = await sql<{ pending: unknown }>`
    SELECT EXISTS (SELECT 1 FROM messages
      WHERE id > (SELECT indexed_rowid FROM message_search_progress)) AS pending`.execute(db);
  return Boolean(rows[0]?.pending);
}
