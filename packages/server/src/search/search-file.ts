import { DatabaseSync } from 'node:sqlite';
import { CONTAINS_FOLDED, containsFolded } from './keyword-terms.ts';

/** SQLite's search index, a database file of its own beside the messages (migration 0020). */
export const SEARCH_FILE = 'search.sqlite';

/** The schema its thread's connection attaches it as: `search.message_search_fts`, `search.search_progress`. */
const SEARCH_SCHEMA = 'search';

/**
 * Raised when the file's layout changes (a new tokenizer, a new column): an older file is built again.
 * 2: the index keeps which messages hold a trigram, not where (docs/decisions.md#message-search).
 */
const LAYOUT_VERSION = 2;

/**
 * Creates the search file, or builds it again when its layout is another version, and answers it
 * ready: WAL, an empty index, every message pending. The index is derived from the messages: a missing file is built again from them
 * (docs/operations.md#message-search).
 */
export function createSearchFile(path: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA journal_mode = WAL');
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
    if (version === LAYOUT_VERSION) return;
    db.exec(`BEGIN;
      DROP TABLE IF EXISTS message_search_fts;
      DROP TABLE IF EXISTS search_progress;
      CREATE VIRTUAL TABLE message_search_fts USING fts5(body, tokenize = 'trigram', detail = none, columnsize = 0);
      CREATE TABLE search_progress (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        indexed_id INTEGER NOT NULL,
        changes_done INTEGER NOT NULL);
      INSERT INTO search_progress (id, indexed_id, changes_done) VALUES (1, 0, 0);
      PRAGMA user_version = ${LAYOUT_VERSION};
      COMMIT;`);
  } finally {
    db.close();
  }
}

/**
 * A connection that indexes and searches: the messages' file as `main`, the search file attached, and
 * the function a search checks its candidates with (keyword-terms.ts). It only reads `main`; its
 * transactions begin deferred, so they take the search file's write lock and never the messages'
 * (docs/decisions.md#message-search).
 */
export function openIndexingConnection(messagesPath: string, searchPath: string): DatabaseSync {
  const db = new DatabaseSync(messagesPath);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA cache_size = -16384');
  db.prepare(`ATTACH DATABASE ? AS ${SEARCH_SCHEMA}`).run(searchPath);
  db.function(CONTAINS_FOLDED, { deterministic: true }, containsFolded);
  db.exec(`PRAGMA ${SEARCH_SCHEMA}.synchronous = NORMAL`);
  return db;
}
