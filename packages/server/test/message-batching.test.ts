import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BatchingMessageWriter } from '../src/message/batching-writer.ts';
import type { StoreOptions } from '../src/message/message-store.ts';
import type { Database } from '../src/storage/database.ts';
import { databases } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';
import { textPairOf } from './support/text-pair.ts';

/**
 * The writer's group commit (docs/decisions.md "The message hot path"): stores asked in one turn of
 * the event loop share a transaction and a few multi-row statements, and each is still answered as if
 * stored alone: its own seq in the order asked, a resend answering the first copy, a failure its own.
 */
describe.each(databases)('group commit on %s', (database) => {
  const { server } = useSuiteServer({ database });

  /** A writer on the server's database that counts the transactions it opens. */
  const countingWriter = () => {
    const db = server.app.messenger.db;
    let transactions = 0;
    const counted = new Proxy(db, {
      get(target, property) {
        if (property === 'transaction') {
          transactions += 1;
          return () => target.transaction();
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    }) as Database;
    return { writer: new BatchingMessageWriter(counted), transactions: () => transactions };
  };

  /** Two fresh users and their one-to-one conversation; `draft(n)` is a text from the first to the second. */
  const pair = () => textPairOf(`u${randomBytes(6).toString('hex')}`, `u${randomBytes(6).toString('hex')}`);

  const row = (owner: string, conversationID: string) =>
    server.app.messenger.db
      .selectFrom('userConversations')
      .select(['hasReadSeq', 'isDeleted'])
      .where('ownerUserId', '=', owner)
      .where('conversationId', '=', conversationID)
      .executeTakeFirstOrThrow();

  it('stores the sends of one turn in one transaction, each conversation numbered in the order asked', async () => {
    const { writer, transactions } = countingWriter();
    const [p, q] = [pair(), pair()];
    const asked = Array.from({ length: 30 }, (_, i) => {
      const chat = i % 2 === 0 ? p : q;
      const from = i % 4 < 2 ? chat.a : chat.b;
      return { chat, result: writer.store(chat.draft(`batch-${i}-${p.a}`, from), { views: chat.views }) };
    });
    const results = await Promise.all(asked.map((x) => x.result));
    expect(transactions()).toBe(1);
    expect(results.every((r) => r.fresh)).toBe(true);
    expect(new Set(results.map((r) => r.row.serverMsgId)).size).toBe(30);
    for (const chat of [p, q]) {
      const seqs = results.filter((_, i) => asked[i].chat === chat).map((r) => Number(r.row.seq));
      expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      // Each sender has read up to their own last message; the stored rows are the answered ones.
      const last = (from: string) =>
        Math.max(
          ...results
            .filter((r) => r.row.sendId === from && r.row.conversationId === chat.conversationID)
            .map((r) => Number(r.row.seq)),
        );
      expect(Number((await row(chat.a, chat.conversationID)).hasReadSeq)).toBe(last(chat.a));
      expect(Number((await row(chat.b, chat.conversationID)).hasReadSeq)).toBe(last(chat.b));
      const stored = await server.app.messenger.db
        .selectFrom('messages')
        .select(['seq', 'clientMsgId'])
        .where('conversationId', '=', chat.conversationID)
        .orderBy('seq')
        .execute();
      expect(stored.map((m) => [Number(m.seq), m.clientMsgId])).toEqual(
        results.filter((_, i) => asked[i].chat === chat).map((r) => [Number(r.row.seq), r.row.clientMsgId]),
      );
    }
  });

  it('answers a resend with its first copy, within one batch and from an earlier one', async () => {
    const { writer } = countingWriter();
    const { draft, views } = pair();
    const first = await Promise.all([
      writer.store(draft('resend-one'), { views }),
      writer.store(draft('resend-one'), { views }),
      writer.store(draft('resend-two'), { views }),
    ]);
    expect(first.map((r) => r.fresh)).toEqual([true, false, true]);
    expect(first[1].row).toEqual(first[0].row);
    expect(first.map((r) => Number(r.row.seq))).toEqual([1, 1, 2]);
    const second = await Promise.all([
      writer.store(draft('resend-one'), { views }),
      writer.store(draft('resend-three'), { views }),
      writer.store(draft('resend-two'), { views }),
    ]);
    expect(second.map((r) => r.fresh)).toEqual([false, true, false]);
    expect(second[0].row.serverMsgId).toBe(first[0].row.serverMsgId);
    expect(second[2].row.serverMsgId).toBe(first[2].row.serverMsgId);
    expect(Number(second[1].row.seq)).toBe(3);
  });

  it('fails only the message whose hook throws; the rest of its batch is stored, seqs contiguous', async () => {
    const { writer } = countingWriter();
    const { draft, views, conversationID } = pair();
    const failing: StoreOptions = {
      views,
      after: async () => {
        throw new Error('refused by its hook');
      },
    };
    const settled = await Promise.allSettled([
      writer.store(draft('poison-1'), { views }),
      writer.store(draft('poison-2'), { views }),
      writer.store(draft('poison-3'), failing),
      writer.store(draft('poison-4'), { views }),
      writer.store(draft('poison-5'), { views }),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused by its hook' });
    const seqs = settled.flatMap((s) => (s.status === 'fulfilled' ? [Number(s.value.row.seq)] : []));
    expect(seqs).toEqual([1, 2, 3, 4]);
    const stored = await server.app.messenger.db
      .selectFrom('messages')
      .select('clientMsgId')
      .where('conversationId', '=', conversationID)
      .orderBy('seq')
      .execute();
    expect(stored.map((m) => m.clientMsgId)).toEqual(['poison-1', 'poison-2', 'poison-4', 'poison-5']);
  });

  it('runs a hooked store after the ones asked before it and before the ones after it', async () => {
    const { writer } = countingWriter();
    const { draft, views, conversationID } = pair();
    let seenByHook: string[] = [];
    const results = await Promise.all([
      writer.store(draft('order-1'), { views }),
      writer.store(draft('order-2'), {
        views,
        after: async (trx, stored) => {
          const rows = await trx
            .selectFrom('messages')
            .select('clientMsgId')
            .where('conversationId', '=', conversationID)
            .orderBy('seq')
            .execute();
          seenByHook = [...rows.map((m) => m.clientMsgId), `hook saw seq ${stored.seq}`];
        },
      }),
      writer.store(draft('order-3'), { views }),
    ]);
    expect(results.map((r) => Number(r.row.seq))).toEqual([1, 2, 3]);
    expect(seenByHook).toEqual(['order-1', 'order-2', 'hook saw seq 2']);
  });

  it('stores more than one batch holds, in order, and brings back a deleted conversation row', async () => {
    const { writer, transactions } = countingWriter();
    const { a, b, draft, views, conversationID } = pair();
    await writer.store(draft('before-delete', b), { views });
    await server.app.messenger.db
      .updateTable('userConversations')
      .set({ isDeleted: 1 })
      .where('ownerUserId', '=', a)
      .where('conversationId', '=', conversationID)
      .execute();
    const before = transactions();
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => writer.store(draft(`many-${i}`), { views })),
    );
    expect(transactions() - before).toBe(2);
    expect(results.map((r) => Number(r.row.seq))).toEqual(Array.from({ length: 300 }, (_, i) => i + 2));
    expect(await row(a, conversationID)).toMatchObject({ isDeleted: 0 });
    expect(Number((await row(a, conversationID)).hasReadSeq)).toBe(301);
    // The peer's read seq is theirs: other senders' messages leave it alone.
    expect(Number((await row(b, conversationID)).hasReadSeq)).toBe(1);
  });
});
