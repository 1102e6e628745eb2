import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from './support/http.ts';
import { emptyDatabase, migrator } from './support/migration-database.ts';

/**
 * Migration 0016 on a database that already has conversations: each row other than a group's gets
 * its conversation's latest send time as activity_time, so the list keeps its order across the
 * upgrade (docs/decisions.md#the-conversation-list-in-pages).
 */
describe.each(databases)('list order migration on %s', (kind) => {
  it('fills activity_time from the conversations’ latest send times', async () => {
    const { db, drop } = await emptyDatabase(kind);
    try {
      const to14 = await migrator(db).migrateTo('0014-deleted-views');
      expect(to14.error).toBeUndefined();
      await sql`INSERT INTO conversation_seqs (conversation_id, max_seq, latest_send_time)
        VALUES ('si_a_b', 3, 1000), ('si_a_c', 1, 2000), ('sg_g', 5, 3000)`.execute(db);
      await sql`INSERT INTO user_conversations (owner_user_id, conversation_id, conversation_type, user_id, group_id)
        VALUES ('a', 'si_a_b', 1, 'b', ''), ('b', 'si_a_b', 1, 'a', ''), ('a', 'si_a_c', 1, 'c', ''),
          ('a', 'si_a_d', 1, 'd', ''), ('a', 'sg_g', 3, '', 'g')`.execute(db);

      const latest = await migrator(db).migrateToLatest();
      expect(latest.error).toBeUndefined();
      const { rows } = await sql<{ owner_user_id: string; conversation_id: string; activity_time: number }>`
        SELECT owner_user_id, conversation_id, activity_time FROM user_conversations
        ORDER BY owner_user_id, conversation_id`.execute(db);
      expect(rows.map((r) => [r.owner_user_id, r.conversation_id, Number(r.activity_time)])).toEqual([
        ['a', 'sg_g', 0],
        ['a', 'si_a_b', 1000],
        ['a', 'si_a_c', 2000],
        ['a', 'si_a_d', 0],
        ['b', 'si_a_b', 1000],
      ]);
    } finally {
      await drop();
    }
  });
});
