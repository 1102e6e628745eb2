import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/config.ts';
import { textPair } from './support/text-pair.ts';
import type { MessageDraft } from '../src/message/message-row.ts';
import { ThreadedMessageWriter } from '../src/message/store-thread.ts';
import { MESSAGES_FILE, openDatabase } from '../src/storage/database.ts';
import type { Database } from '../src/storage/database.ts';

/**
 * SQLite's sends stored on a thread of their own (message/store-thread.ts, docs/decisions.md "The
 * message hot path"): the event loop's thread goes on while a batch waits for the file's write lock,
 * a send with hooks keeps its place among plain ones, and the server's own transactions take the
 * write lock when they begin, so that the thread's commits never fail them half-way.
 */
describe('message store thread on sqlite', () => {
  let dir: string;
  let db: Database;
  let writer: ThreadedMessageWriter;
  let serial = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'im-store-thread-'));
    ({ db } = await openDatabase({ DATA_DIR: dir } as Config));
    writer = new ThreadedMessageWriter(db, join(dir, MESSAGES_FILE));
  });
  afterAll(async () => {
    await writer.stop();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const pair = () => textPair((serial += 1));

  it('stores while the event loop goes on, waiting for a write lock held elsewhere', async () => {
    const { views, draft } = pair();
    const holder = new DatabaseSync(join(dir, MESSAGES_FILE));
    holder.exec('BEGIN IMMEDIATE');
    let stored = false;
    const storing = writer.store(draft('waits for the lock'), { views }).then((result) => {
      stored = true;
      return result;
    });
    // On the event loop's thread, SQLite's wait for the lock would hold this timer back until its
    // busy timeout (5 s) and then fail the send.
    const started = Date.now();
    await sleep(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stored).toBe(false);
    holder.exec('COMMIT');
    holder.close();
    const { row, fresh } = await storing;
    expect([row.seq, fresh]).toEqual([1, true]);
  });

  it('answers each send its row as the database holds it, a resend its first copy', async () => {
    const { conversationID, views, draft } = pair();
    const dressed = {
      ...draft('dressed'),
      senderNickname: 'Ann',
      senderPlatformId: 5,
      ex: '{"k":1}',
      burnDuration: 30,
    };
    const results = await Promise.all([
      writer.store(draft('plain'), { views }),
      writer.store(dressed, { views }),
      writer.store(draft('plain'), { views }),
    ]);
    const stored = (
      await db
        .selectFrom('messages')
        .selectAll()
        .where('conversationId', '=', conversationID)
        .orderBy('seq')
        .execute()
    ).map((row) => {
      // SQLite's rowid-like key of its own (migration 0019), which no caller is answered.
      const { id: _key, ...columns } = row as typeof row & { id?: number };
      return columns;
    });
    expect(results.map(({ fresh }) => fresh)).toEqual([true, true, false]);
    expect(results.map(({ row }) => row)).toStrictEqual([stored[0], stored[1], stored[0]]);
  });

  it('keeps a send with hooks in its place among plain ones, its hooks in its transaction', async () => {
    const { conversationID, views, draft } = pair();
    const seen: number[] = [];
    const results = await Promise.all([
      writer.store(draft('first'), { views }),
      writer.store(draft('second'), {
        views,
        after: async (trx, row) => {
          const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM messages
            WHERE conversation_id = ${conversationID}`.execute(trx);
          seen.push(row.seq, Number(rows[0]!.n));
        },
      }),
      writer.store(draft('third'), { views }),
      writer.store(draft('first'), { views }),
    ]);
    expect(results.map(({ row, fresh }) => [row.seq, fresh])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [1, false],
    ]);
    // The hook saw its own row and the one before it, not the one after.
    expect(seen).toEqual([2, 2]);
  });

  it('stores sends with hooks that come together in one transaction', async () => {
    const { views, draft } = pair();
    const transactions = new Set<unknown>();
    const after = async (trx: unknown) => void transactions.add(trx);
    const results = await Promise.all(
      ['one', 'two', 'three'].map((text) => writer.store(draft(text), { views, after })),
    );
    expect(results.map(({ row }) => row.seq)).toEqual([1, 2, 3]);
    expect(transactions.size).toBe(1);
  });

  it("answers a send the thread could not store with that send's error, the others stored", async () => {
    const { views, draft } = pair();
    // A message without content breaks the batch's insert (NOT NULL); each is then stored alone.
    const broken = { ...draft('no content'), content: null } as unknown as MessageDraft;
    const [good, bad] = await Promise.allSettled([
      writer.store(draft('fine'), { views }),
      writer.store(broken, { views }),
    ]);
    expect(good.status === 'fulfilled' && good.value.row.seq).toBe(1);
    expect(bad.status === 'rejected' && String(bad.reason)).toMatch(
      /NOT NULL constraint failed: messages.content/,
    );
  });

  it('stores on the server connection once its thread has ended', async () => {
    const { views, draft } = pair();
    const ended = new ThreadedMessageWriter(db, join(dir, MESSAGES_FILE));
    const first = await ended.store(draft('before the end'), { views });
    await ended.stop();
    const second = await ended.store(draft('after the end'), { views });
    expect([first.row.seq, second.row.seq]).toEqual([1, 2]);
  });

  it("begins the server's transactions with the write lock, so another writer's commit cannot fail them", async () => {
    const other = new DatabaseSync(join(dir, MESSAGES_FILE));
    other.exec('PRAGMA busy_timeout = 0');
    try {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT COUNT(*) FROM messages`.execute(trx);
        // Deferred, this write would commit here, and the transaction's write below fail with
        // SQLITE_BUSY (its snapshot older than the file).
        expect(() => other.exec("UPDATE users SET nickname = nickname WHERE user_id = 'nobody'")).toThrow(
          /locked/,
        );
        await sql`UPDATE users SET nickname = nickname WHERE user_id = 'nobody'`.execute(trx);
      });
    } finally {
      other.close();
    }
  });
});
