import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CamelCasePlugin, CompiledQuery, Kysely, Migrator, sql } from 'kysely';
import { findByClientMsgIDs, seqOfClientMsgID } from '../src/message/message-queries.ts';
import { dueBurns } from '../src/receipt/burn-queries.ts';
import { migrations } from '../src/storage/migrations/index.ts';
import { nodeSqliteDialect } from '../src/storage/node-sqlite-dialect.ts';
import type { Tables } from '../src/storage/tables.ts';

/**
 * The indexes a stored message writes (migration 0018, docs/decisions.md#the-message-hot-path): one
 * index serves both lookups by clientMsgID, and the burn sweep's index holds only started countdowns.
 * The reads that relied on the dropped indexes are checked by SQLite's plan of the statements they
 * really run, captured through Kysely's log.
 */
describe('the message key indexes on sqlite', () => {
  let root: string;
  let db: Kysely<Tables>;
  const ran: CompiledQuery[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'im-key-indexes-'));
    db = new Kysely<Tables>({
      dialect: nodeSqliteDialect(join(root, 'messenger.sqlite')),
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        if (event.level === 'query') ran.push(event.query);
      },
    });
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    }).migrateToLatest();
    if (error) throw error;
    for (const [conversationID, seq, sender, clientMsgID, burnAt] of [
      ['si_a_b', 1, 'a', 'same-id', 0],
      ['si_a_b', 2, 'b', 'b-1', 0],
      ['si_c_d', 1, 'c', 'same-id', 5],
    ] as const) {
      await sql`INSERT INTO messages (conversation_id, seq, server_msg_id, client_msg_id, send_id,
          session_type, content_type, msg_from, create_time, send_time, content, burn_at)
        VALUES (${conversationID}, ${seq}, ${`${conversationID}-${seq}`}, ${clientMsgID}, ${sender},
          1, 101, 100, 1, 1, '{}', ${burnAt})`.execute(db);
    }
  });

  afterAll(async () => {
    await db.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  /** SQLite's plan of the statements `read` runs, one line per step. */
  async function plansOf(read: () => Promise<unknown>): Promise<string> {
    ran.length = 0;
    await read();
    const statements = [...ran];
    const plans: string[] = [];
    for (const query of statements) {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      plans.push(...rows.map((r) => r.detail));
    }
    return plans.join('\n');
  }

  it('writes a message into its key, its server id, one clientMsgID index and no burn entry', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' ORDER BY name`.execute(
      db,
    );
    expect(rows.map((r) => r.name)).toEqual([
      'messages_burn_due',
      'messages_client_id_sender',
      'sqlite_autoindex_messages_1',
      'sqlite_autoindex_messages_2',
    ]);
    const { rows: partial } = await sql<{ sql: string }>`
      SELECT sql FROM sqlite_master WHERE name = 'messages_burn_due'`.execute(db);
    expect(partial[0]!.sql).toMatch(/WHERE burn_at > 0$/);
  });

  it("finds a send's earlier copies by sender and clientMsgID through the one index", async () => {
    const keys = [
      { sendID: 'a', clientMsgID: 'same-id' },
      { sendID: 'd', clientMsgID: 'none' },
    ];
    const plan = await plansOf(() => findByClientMsgIDs(db, keys));
    expect(plan).toContain(
      'SEARCH messages USING INDEX messages_client_id_sender (client_msg_id=? AND send_id=?)',
    );
    const found = await findByClientMsgIDs(db, keys);
    expect([...found.keys()]).toEqual(['a\u0000same-id']);
    expect(found.get('a\u0000same-id')!.conversationId).toBe('si_a_b');
  });

  it("finds a history page's start by clientMsgID in its own conversation, not by walking the conversation", async () => {
    const plan = await plansOf(() => seqOfClientMsgID(db, 'si_a_b', 'b-1'));
    expect(plan).toContain('SEARCH messages USING INDEX messages_client_id_sender (client_msg_id=?)');
    expect(plan).not.toMatch(/sqlite_autoindex_messages_2|SCAN messages/);
    // Two senders used the same clientMsgID: each conversation finds its own.
    expect(await seqOfClientMsgID(db, 'si_a_b', 'same-id')).toBe(1);
    expect(await seqOfClientMsgID(db, 'si_c_d', 'same-id')).toBe(1);
    expect(await seqOfClientMsgID(db, 'si_a_b', 'b-1')).toBe(2);
    expect(await seqOfClientMsgID(db, 'si_c_d', 'b-1')).toBeUndefined();
  });

  it('sweeps due burns through the partial index', async () => {
    const plan = await plansOf(() => dueBurns(db, 10, 100));
    expect(plan).toContain('SEARCH messages USING INDEX messages_burn_due');
    expect(plan).not.toMatch(/SCAN messages|TEMP B-TREE/);
    expect(await dueBurns(db, 10, 100)).toEqual([
      { conversationId: 'si_c_d', clientMsgId: 'same-id', seq: 1, sessionType: 1, groupId: '' },
    ]);
    expect(await dueBurns(db, 4, 100)).toEqual([]);
  });
});
