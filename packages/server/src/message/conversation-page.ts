import { sql } from 'kysely';
import { runCompiled } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import { normalize, VISIBLE_MAX_SEQ, VISIBLE_SEND_TIME } from './view-queries.ts';
import type { ViewWithSeq } from './view-queries.ts';

/**
 * The list's time of a row whose activity_time is exact (every conversation but a group's): the later
 * of its draft time and its activity. Written as the index of migration 0016 has it, unqualified, so
 * that SQLite and PostgreSQL both match the query's expression to the index.
 */
const KEPT_TIME = sql`CASE WHEN draft_text_time > activity_time THEN draft_text_time ELSE activity_time END`;

/** A group row's list time (aliases uc, cs): its activity is the conversation's, as this user may see it. */
const GROUP_TIME = sql`CASE WHEN uc.draft_text_time > ${VISIBLE_SEND_TIME} THEN uc.draft_text_time
  ELSE ${VISIBLE_SEND_TIME} END`;

/** The user's visible rows: those the index of the list's order holds ("kept") and group rows. */
async function countVisible(db: Database, ownerUserID: string): Promise<{ kept: number; groups: number }> {
  // Each through its partial index of migration 0016, without reading the rows.
  const { rows } = await runCompiled(
    db,
    'list-count',
    () => sql<{ kept: number; groups: number }>`SELECT
    (SELECT count(*) FROM user_conversations
      WHERE owner_user_id = ${ownerUserID} AND is_deleted = 0 AND conversation_type <> 3) AS kept,
    (SELECT count(*) FROM user_conversations
      WHERE owner_user_id = ${ownerUserID} AND is_deleted = 0 AND conversation_type = 3) AS groups`,
    [ownerUserID, ownerUserID],
  );
  return { kept: Number(rows[0]?.kept ?? 0), groups: Number(rows[0]?.groups ?? 0) };
}

/**
 * The (conversation_id, is_pinned, sort_time) of one page, in the order of docs/product.md#conversations:
 * pinned first, then the later of draft and last message time, newest first, ties by id. The rows
 * other than groups come down the index of that order (migration 0016) from the index alone; a
 * group's time is the conversation's (a group message writes no member row,
 * docs/decisions.md#group-fan-out), so the user's group rows are read with it, through their own
 * partial index, and the two are merged. With G group rows, the first `offset - G` kept rows all come
 * before the page whatever the groups' times: the index skips them, and only the page's candidates
 * (at most count + G of each) are sorted.
 */
export function pageKeys(ownerUserID: string, offset: number, count: number, groups: number) {
  const skipped = Math.max(0, offset - groups);
  return sql`SELECT conversation_id, is_pinned, sort_time FROM (
      SELECT conversation_id, is_pinned, ${KEPT_TIME} AS sort_time FROM user_conversations
      WHERE owner_user_id = ${ownerUserID} AND is_deleted = 0 AND conversation_type <> 3
      ORDER BY is_pinned DESC, ${KEPT_TIME} DESC, conversation_id
      LIMIT ${offset + count - skipped} OFFSET ${skipped}) kept
    UNION ALL
    SELECT uc.conversation_id, uc.is_pinned, ${GROUP_TIME} AS sort_time
      FROM user_conversations uc LEFT JOIN conversation_seqs cs ON cs.conversation_id = uc.conversation_id
      WHERE uc.owner_user_id = ${ownerUserID} AND uc.is_deleted = 0 AND uc.conversation_type = 3
    ORDER BY is_pinned DESC, sort_time DESC, conversation_id
    LIMIT ${count} OFFSET ${offset - skipped}`;
}

/**
 * One page of the user's list (docs/api.md, get_sorted_conversation_list), each row with its seqs as
 * view-queries.ts reads them, and the number of visible conversations. Plain SQL, the same on SQLite
 * and PostgreSQL (docs/decisions.md#hot-reads-in-plain-sql). The page's keys and rows are one
 * statement; a group joined between the count and it shifts that page by one, as any change between
 * two page reads does (docs/api.md).
 */
export async function pageOfViews(
  db: Database,
  ownerUserID: string,
  offset: number,
  count: number,
): Promise<{ rows: ViewWithSeq[]; total: number }> {
  const visible = await countVisible(db, ownerUserID);
  const skipped = Math.max(0, offset - visible.groups);
  // Compiled once (storage/compiled-query.ts): every reconnecting client asks for its first page, and
  // Kysely's build and compile of this statement cost more than SQLite's run of it. The parameters
  // are pageKeys' in its order, then the owner of the join.
  const { rows } = await runCompiled(
    db,
    'list-page',
    () => sql<ViewWithSeq>`WITH page AS (${pageKeys(ownerUserID, offset, count, visible.groups)})
    SELECT uc.*, ${VISIBLE_MAX_SEQ} AS max_seq, ${VISIBLE_SEND_TIME} AS latest_send_time
    FROM page JOIN user_conversations uc
      ON uc.owner_user_id = ${ownerUserID} AND uc.conversation_id = page.conversation_id
    LEFT JOIN conversation_seqs cs ON cs.conversation_id = uc.conversation_id
    ORDER BY page.is_pinned DESC, page.sort_time DESC, page.conversation_id`,
    [ownerUserID, offset + count - skipped, skipped, ownerUserID, count, offset - skipped, ownerUserID],
  );
  return { rows: rows.map(normalize), total: visible.kept + visible.groups };
}
