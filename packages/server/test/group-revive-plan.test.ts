import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { reviveMemberViewsQuery } from '../src/group/group-views.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * SQLite's plan of the statement every group send runs to bring deleted rows back
 * (docs/decisions.md#group-fan-out): through the partial index of deleted rows, membership probed per
 * such row, never the group's member list read and each member's row looked up (a send's cost then
 * grew with its offline members).
 */
describe('group send revive plan on sqlite', () => {
  const { server } = useSuiteServer({ database: 'sqlite' });

  it('finds the deleted rows through their partial index, not through the member list', async () => {
    const { db } = server.app.messenger;
    const { rows } = await sql<{
      detail: string;
    }>`EXPLAIN QUERY PLAN ${reviveMemberViewsQuery('sg_g1', 'g1')}`.execute(db);
    const plan = rows.map((r) => r.detail).join('\n');
    expect(plan).toContain('SEARCH user_conversations USING INDEX user_conversations_deleted');
    expect(plan).toContain(
      'group_members USING COVERING INDEX sqlite_autoindex_group_members_1 (group_id=? AND user_id=?)',
    );
    expect(plan).not.toMatch(/LIST SUBQUERY|SCAN/);
  });
});
