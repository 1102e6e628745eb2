import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { MessageRow } from '../message/message-row.ts';
import type { Database, DialectName } from '../storage/database.ts';
import { MESSAGE_COLUMNS, unmapped } from '../message/message-columns.ts';
import type { SearchIndex } from './search-index.ts';
import { CONTAINS_FOLDED, trigramQuery } from './keyword-terms.ts';

export interface SearchQuery {
  ownerUserID: string;
  keyword: string;
  /** One conversation, or '' for all of the owner's. */
  conversationID: string;
  offset: number;
  limit: number;
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (ESCAPE '\'). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The messages of the index (migration 0011) whose text contains the keyword, newest first. The join
 * on the owner's user_conversations row keeps to their conversations and to the seqs they may see:
 * above minSeq (their join or clear) and, for a former member, up to their leave seq
 * (docs/api.md#message-search). The index has no entry for a revoked, burned or notification row.
 * SQLite's index is filled after the commit, in a file of its own, and read by its thread
 * (search-index.ts), which indexes what is pending first: a message stored before the search is
 * always found.
 */
export async function searchMessageRows(
  db: Database,
  dialect: DialectName,
  index: SearchIndex,
  query: SearchQuery,
): Promise<MessageRow[]> {
  const match = dialect === 'postgres' ? postgresMatch(query.keyword) : sqliteMatch(query.keyword);
  // SQLite's entries are keyed by their message's id (migration 0019) in the search file its thread
  // attaches (migration 0020), PostgreSQL's by its key.
  const source =
    dialect === 'postgres'
      ? sql`message_search s JOIN messages m ON m.conversation_id = s.conversation_id AND m.seq = s.seq`
      : sql`search.message_search_fts s JOIN messages m ON m.id = s.rowid`;
  const oneConversation = query.conversationID ? sql`AND m.conversation_id = ${query.conversationID}` : sql``;
  const statement = sql<MessageRow>`
    SELECT ${MESSAGE_COLUMNS} FROM ${source}
    JOIN user_conversations uc ON uc.conversation_id = m.conversation_id AND uc.owner_user_id = ${query.ownerUserID}
    WHERE ${match}
      AND m.seq > uc.min_seq
      AND (uc.leave_seq = 0 OR m.seq <= uc.leave_seq)
      ${oneConversation}
    ORDER BY m.send_time DESC, m.seq DESC, m.conversation_id
    LIMIT ${query.limit} OFFSET ${query.offset}`;
  return index.read(statement.compile(unmapped(db)));
}

function postgresMatch(keyword: string): RawBuilder<unknown> {
  return sql`s.body ILIKE ${likePattern(keyword)} ESCAPE '\\'`;
}

/**
 * A keyword of 3+ characters finds its candidates through the trigram index, each of its trigrams
 * required (keyword-terms.ts), and each candidate's text is checked for the keyword itself. A shorter
 * keyword (two Chinese characters, 世界) has no trigram: every entry's text is checked.
 */
function sqliteMatch(keyword: string): RawBuilder<unknown> {
  const contains = sql`${sql.raw(CONTAINS_FOLDED)}(s.body, ${keyword}) = 1`;
  if ([...keyword].length >= 3)
    return sql`s.message_search_fts MATCH ${trigramQuery(keyword)} AND ${contains}`;
  return contains;
}
