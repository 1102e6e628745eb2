import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { unreadCountsQuery } from '../src/message/view-queries.ts';
import { databases, registerUser } from './support/http.ts';
import { emptyDatabase, migrator } from './support/migration-database.ts';
import { useSuiteServer } from './support/suite-server.ts';

/**
 * Unread counts read the messages_unread index alone, not a table page per unread message
 * (migration 0017, docs/decisions.md#reconnect-storm).
 */
describe('unread count plan on sqlite', () => {
  const { server } = useSuiteServer({ database: 'sqlite' });

  it('counts from the covering index, for some conversations or all', async () => {
    const me = await registerUser(server, { nickname: 'Me' });
    const { db } = server.app.messenger;
    for (const ids of [undefined, ['si_a_b', 'si_a_c']]) {
      const { rows } = await sql<{
        detail: string;
      }>`EXPLAIN QUERY PLAN ${unreadCountsQuery(me.userID, ids)}`.execute(db);
      const plan = rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(/SEARCH m USING COVERING INDEX messages_unread/);
    }
  });
});

/** Migration 0017 on a database that already has messages: they are kept, and counted as before. */
describe.each(databases)('unread index migration on %s', (kind) => {
  it('keeps the messages and their unread counts', async () => {
    const { db, drop } = await emptyDatabase(kind);
    try {
      const to16 = await migrator(db).migrateTo('0016-list-order');
      expect(to16.error).toBeUndefined();
      await sql`INSERT INTO user_conversations (owner_user_id, conversation_id, conversation_type, user_id, group_id, has_read_seq)
        VALUES ('a', 'si_a_b', 1, 'b', '', 1)`.execute(db);
      await sql`INSERT INTO messages (conversation_id, seq, server_msg_id, client_msg_id, send_id, session_type,
          content_type, msg_from, create_time, send_time, content)
        VALUES ('si_a_b', 1, 's1', 'c1', 'b', 1, 101, 100, 1, 1, '{}'),
          ('si_a_b', 2, 's2', 'c2', 'b', 1, 101, 100, 2, 2, '{}'),
          ('si_a_b', 3, 's3', 'c3', 'a', 1, 101, 100, 3, 3, '{}'),
          ('si_a_b', 4, 's4', 'c4', 'b', 1, 1501, 200, 4, 4, '{}'),
          ('si_a_b', 5, 's5', 'c5', 'b', 1, 101, 100, 5, 5, '{}')`.execute(db);
      const counted = async () =>
        // This database has no camel-case plugin: the row is as SQL names it.
        (await unreadCountsQuery('a').execute(db)).rows.map((r) => Object.values(r).map(String));
      const before = await counted();

      const latest = await migrator(db).migrateToLatest();
      expect(latest.error).toBeUndefined();
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM messages`.execute(db);
      expect(Number(rows[0].n)).toBe(5);
      expect(await counted()).toEqual(before);
      expect(before).toEqual([['si_a_b', '2']]);
    } finally {
      await drop();
    }
  });
});
