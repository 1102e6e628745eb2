import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentType, MsgFrom, SessionType, singleConversationID } from '@im/protocol';
import type { Config } from '../src/config/config.ts';
import { BatchingMessageWriter } from '../src/message/batching-writer.ts';
import type { MessageDraft } from '../src/message/message-row.ts';
import { viewTarget } from '../src/message/view-target.ts';
import { catchUpSearchIndex, INDEX_BATCH, indexPendingMessages } from '../src/search/search-indexer.ts';
import { searchMessageRows } from '../src/search/search-queries.ts';
import { openDatabase } from '../src/storage/database.ts';
import type { Database } from '../src/storage/database.ts';
import { sql } from 'kysely';

/**
 * SQLite's search index is filled after the commit, in batches (migration 0015,
 * docs/decisions.md#message-search): a stored message waits for the indexer, a search indexes what
 * waits before it reads, and rewrites and deletes of waiting rows keep the index exact. On a database
 * of its own, so that no background job indexes between the steps.
 */
describe('deferred search index on sqlite', () => {
  let dir: string;
  let db: Database;
  let writer: BatchingMessageWriter;
  let serial = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'im-search-index-'));
    ({ db } = await openDatabase({ DATA_DIR: dir } as Config));
    writer = new BatchingMessageWriter(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Two fresh users; `send(text)` stores a text from the first to the second through the writer. */
  const pair = () => {
    serial += 1;
    const [a, b] = [`a${serial}`, `b${serial}`];
    const conversationID = singleConversationID(a, b);
    const views = [a, b].map((id) => viewTarget(conversationID, SessionType.Single, id));
    const draft = (text: string): MessageDraft => ({
      conversationId: conversationID,
      clientMsgId: `c${serial}-${text}`,
      sendId: a,
      recvId: b,
      sessionType: SessionType.Single,
      contentType: ContentType.Text,
      msgFrom: MsgFrom.User,
      createTime: Date.now(),
      content: JSON.stringify({ content: text }),
    });
    const send = async (text: string) => (await writer.store(draft(text), { views })).row;
    const search = (keyword: string) =>
      searchMessageRows(db, 'sqlite', { ownerUserID: b, keyword, conversationID, offset: 0, limit: 2000 });
    return { conversationID, send, search };
  };
  const entries = async () =>
    Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM message_search_fts`.execute(db)).rows[0]!.n);
  const indexAll = async () => {
    while ((await indexPendingMessages(db)) > 0);
  };

  it('leaves a send out of its commit and indexes it in the next batch; a search indexes it first', async () => {
    await indexAll();
    const before = await entries();
    const { send, search } = pair();
    const sent = await send('pending needle');
    expect(await entries()).toBe(before);
    expect(await indexPendingMessages(db)).toBe(1);
    expect(await entries()).toBe(before + 1);
    expect(await indexPendingMessages(db)).toBe(0);
    const later = await send('another needle');
    const found = await search('needle');
    expect(found.map((m) => Number(m.seq))).toEqual([Number(later.seq), Number(sent.seq)]);
    expect(await indexPendingMessages(db)).toBe(0);
  });

  it('indexes a backlog in batches of at most INDEX_BATCH, every message once, in order', async () => {
    await indexAll();
    const { send, search } = pair();
    const count = INDEX_BATCH * 2 + 7;
    await Promise.all(Array.from({ length: count }, (_, i) => send(`backlog word ${i}`)));
    const taken: number[] = [];
    for (let n = await indexPendingMessages(db); n > 0; n = await indexPendingMessages(db)) taken.push(n);
    expect(taken).toEqual([INDEX_BATCH, INDEX_BATCH, 7]);
    const found = await search('backlog word');
    expect(found).toHaveLength(count);
    expect(found.map((m) => Number(m.seq))).toEqual(Array.from({ length: count }, (_, i) => count - i));
    expect((await search('backlog word 1000')).map((m) => m.clientMsgId)).toEqual([found[6].clientMsgId]);
  });

  it('commits a send that comes while a backlog is indexed between two batches, not after them all', async () => {
    await indexAll();
    const { send, search } = pair();
    await Promise.all(Array.from({ length: INDEX_BATCH * 3 }, (_, i) => send(`queued word ${i}`)));
    const done: string[] = [];
    const catchUp = catchUpSearchIndex(db, 'sqlite').then(() => done.push('backlog indexed'));
    // Sent as the catch-up starts: it is stored while batches remain.
    const sent = send('sent during the catch-up').then(() => done.push('send committed'));
    await Promise.all([catchUp, sent]);
    expect(done).toEqual(['send committed', 'backlog indexed']);
    expect(await search('queued word')).toHaveLength(INDEX_BATCH * 3);
    expect(await search('during the catch-up')).toHaveLength(1);
  });

  it('indexes a pending message rewritten before its batch by its new text, once', async () => {
    await indexAll();
    const { conversationID, send, search } = pair();
    const sent = await send('original wording');
    await db
      .updateTable('messages')
      .set({ content: JSON.stringify({ content: 'rewritten wording' }) })
      .where('conversationId', '=', conversationID)
      .where('seq', '=', sent.seq)
      .execute();
    await indexAll();
    expect(await search('original')).toEqual([]);
    expect((await search('rewritten')).map((m) => m.clientMsgId)).toEqual([sent.clientMsgId]);
    expect((await search('wording')).length).toBe(1);
  });

  it('indexes a message stored in the rowid of a deleted newest one', async () => {
    const { conversationID, send, search } = pair();
    const gone = await send('deleted newest');
    await indexAll();
    await db
      .deleteFrom('messages')
      .where('conversationId', '=', conversationID)
      .where('seq', '=', gone.seq)
      .execute();
    const reused = await send('stored after the delete');
    expect(await search('deleted newest')).toEqual([]);
    expect((await search('after the delete')).map((m) => m.clientMsgId)).toEqual([reused.clientMsgId]);
  });

  it("keys an entry by its message's id, and rewrites it only when the content changes", async () => {
    const { conversationID, send, search } = pair();
    const sent = await send('keyed entry');
    await indexAll();
    const entryOf = async () =>
      (
        await sql<{ rowid: number; body: string }>`SELECT s.rowid, s.body FROM message_search_fts s
          JOIN messages m ON m.id = s.rowid
          WHERE m.conversation_id = ${conversationID} AND m.seq = ${sent.seq}`.execute(db)
      ).rows;
    const [entry] = await entryOf();
    expect(entry!.body).toBe('keyed entry');
    // A reaction rewrites the row but not its text: the entry stays as it was, under the same key.
    await db
      .updateTable('messages')
      .set({ reactions: '{"👍":["b"]}' })
      .where('conversationId', '=', conversationID)
      .where('seq', '=', sent.seq)
      .execute();
    expect(await entryOf()).toEqual([entry]);
    await db
      .updateTable('messages')
      .set({ content: JSON.stringify({ content: 'edited entry' }) })
      .where('conversationId', '=', conversationID)
      .where('seq', '=', sent.seq)
      .execute();
    expect(await entryOf()).toEqual([{ rowid: entry!.rowid, body: 'edited entry' }]);
    expect((await search('keyed')).length).toBe(0);
    expect((await search('edited entry')).map((m) => m.clientMsgId)).toEqual([sent.clientMsgId]);
  });
});
