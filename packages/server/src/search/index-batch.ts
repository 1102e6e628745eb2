import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** Most messages one indexing transaction takes: a few milliseconds of the index's thread. */
export const INDEX_BATCH = 500;

/** Most change notes (rewrites, deletes) one transaction applies. */
export const CHANGE_BATCH = 2000;

/** The searchable text of `messages m` (migration 0011): a text's, @-text's or quote's own words. */
const TEXT = `CASE WHEN m.content_type IN (101, 106, 114) AND json_valid(m.content)
  THEN COALESCE(CAST(json_extract(m.content,
    CASE m.content_type WHEN 101 THEN '$.content' ELSE '$.text' END) AS TEXT), '')
  ELSE '' END`;

const NOTED = 'SELECT message_id FROM message_search_changes WHERE id > :done AND id <= :last';

const SQL = {
  state: `SELECT p.indexed_id AS indexedId, p.changes_done AS changesDone,
      (SELECT COALESCE(MAX(id), 0) FROM messages) AS lastId,
      (SELECT COALESCE(MAX(id), 0) FROM message_search_changes) AS lastChange
    FROM search.search_progress p`,
  lastNote: `SELECT MAX(id) AS last FROM (SELECT id FROM message_search_changes
    WHERE id > ? ORDER BY id LIMIT ${CHANGE_BATCH})`,
  dropNoted: `DELETE FROM search.message_search_fts WHERE rowid IN (${NOTED})`,
  // Only up to the mark: a noted message above it is indexed by the range below, as it is now.
  addNoted: `INSERT INTO search.message_search_fts (rowid, body)
    SELECT m.id, ${TEXT} FROM messages m WHERE m.id IN (${NOTED}) AND m.id <= :mark AND ${TEXT} <> ''`,
  range: `SELECT MAX(id) AS toId, COUNT(id) AS taken FROM (SELECT id FROM messages
    WHERE id > ? ORDER BY id LIMIT ?)`,
  addRange: `INSERT INTO search.message_search_fts (rowid, body)
    SELECT m.id, ${TEXT} FROM messages m WHERE m.id > ? AND m.id <= ? AND ${TEXT} <> ''`,
  setProgress: 'UPDATE search.search_progress SET indexed_id = ?, changes_done = ?',
} as const;

type Statements = { [K in keyof typeof SQL]: StatementSync };
const prepared = new WeakMap<DatabaseSync, Statements>();

function statementsOf(db: DatabaseSync): Statements {
  let statements = prepared.get(db);
  if (!statements) {
    statements = Object.fromEntries(
      Object.entries(SQL).map(([name, text]) => [name, db.prepare(text)]),
    ) as Statements;
    prepared.set(db, statements);
  }
  return statements;
}

interface State {
  indexedId: number;
  changesDone: number;
  lastId: number;
  lastChange: number;
}

/** What one batch did: messages indexed from the range, and the last change note applied so far. */
export interface BatchResult {
  taken: number;
  changesDone: number;
  /** Whether notes remain past this batch's (more than CHANGE_BATCH were waiting). */
  moreChanges: boolean;
}

/**
 * One indexing transaction on a connection of `openIndexingConnection` (search-file.ts), in one
 * snapshot of the messages:
 * 1. The mark comes down to the largest message id when the newest messages were deleted: SQLite
 *    gives their ids again, and a new message under such an id must be pending.
 * 2. Noted messages (a rewrite or a delete, migration 0020) lose their entry, and those up to the
 *    mark get one from their text as it is now.
 * 3. Up to `limit` messages past the mark are indexed, and the mark moves past them.
 * Each message's entry is keyed by its id (docs/decisions.md#message-search).
 */
export function indexPendingMessages(db: DatabaseSync, limit = INDEX_BATCH): BatchResult {
  const statements = statementsOf(db);
  const before = statements.state.get() as unknown as State;
  if (before.lastId === before.indexedId && before.lastChange <= before.changesDone)
    return { taken: 0, changesDone: before.changesDone, moreChanges: false };
  db.exec('BEGIN');
  try {
    const result = indexInTransaction(statements, limit);
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

function indexInTransaction(statements: Statements, limit: number): BatchResult {
  const state = statements.state.get() as unknown as State;
  const mark = Math.min(state.indexedId, state.lastId);
  const { last } = statements.lastNote.get(state.changesDone) as { last: number | null };
  const changesDone = last ?? state.changesDone;
  if (last !== null) {
    statements.dropNoted.run({ done: state.changesDone, last });
    statements.addNoted.run({ done: state.changesDone, last, mark });
  }
  const { toId, taken } = statements.range.get(mark, limit) as { toId: number | null; taken: number };
  if (toId !== null) statements.addRange.run(mark, toId);
  statements.setProgress.run(toId ?? mark, changesDone);
  return { taken, changesDone, moreChanges: changesDone < state.lastChange };
}

/** Indexes everything pending in batches; answers the last change note applied. */
export function catchUpOn(db: DatabaseSync, limit = INDEX_BATCH): number {
  for (;;) {
    const result = indexPendingMessages(db, limit);
    if (result.taken < limit && !result.moreChanges) return result.changesDone;
  }
}
