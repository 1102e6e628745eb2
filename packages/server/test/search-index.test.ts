import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/config.ts';
import { textPair } from './support/text-pair.ts';
import { BatchingMessageWriter } from '../src/message/batching-writer.ts';
import { INDEX_BATCH, indexPendingMessages } from '../src/search/index-batch.ts';
import { openIndexingConnection, SEARCH_FILE } from '../src/search/search-file.ts';
import { startSearchIndex } from '../src/search/search-index.ts';
import type { SearchIndex } from '../src/search/search-index.ts';
import { searchMessageRows } from '../src/search/search-queries.ts';
import { MESSAGES_FILE, messagesFile, openDatabase } from '../src/storage/database.ts';
import type { Database } from '../src/storage/database.ts';

/**
 * SQLite's search index lives in a file of its own, filled by a thread of its own after the commit
 * (migration 0020, docs/decisions.md#message-search): a stored message waits for the index, a search
 * has it catch up before it reads, rewrites and deletes are noted and applied, and the sends never
 * wait for the index's writes. On a database of its own with no background job, so that nothing
 * indexes between the steps but the test.
 */
describe('search index in a file of its own on sqlite', () => {
  let dir: string;
  let db: Database;
  let index: SearchIndex;
  let writer: BatchingMessageWriter;
  let serial = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'im-search-index-'));
    ({ db } = await openDatabase({ DATA_DIR: dir } as Config));
    index = await startSearchIndex(db, 'sqlite', dir);
    writer = new BatchingMessageWriter(db);
  });
  afterAll(async () => {
    await index.stop();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Two fresh users; `send(text)` stores a text from the first to the second through the writer. */
  const pair = () => {
    serial += 1;
    const { b, conversationID, views, draft } = textPair(serial);
    const send = async (text: string) => (await writer.store(draft(text), { views })).row;
    const search = (keyword: string) =>
      searchMessageRows(db, 'sqlite', index, {
        ownerUserID: b,
        keyword,
        conversationID,
        offset: 0,
        limit: 2000,
      });
    const rewrite = (seq: number, columns: { content?: string; reactions?: string }) =>
      db
        .updateTable('messages')
        .set(columns)
        .where('conversationId', '=', conversationID)
        .where('seq', '=', seq)
        .execute();
    const remove = (seq: number) =>
      db.deleteFrom('messages').where('conversationId', '=', conversationID).where('seq', '=', seq).execute();
    const idOf = async (seq: number) =>
      (
        await sql<{ id: number }>`SELECT id FROM messages
          WHERE conversation_id = ${conversationID} AND seq = ${seq}`.execute(db)
      ).rows[0]!.id;
    return { conversationID, send, search, rewrite, remove, idOf };
  };
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.raw(table)}`.execute(db)).rows[0]!.n);
  /** Reads the search file on a connection of its own (the server's connection does not attach it). */
  const inSearchFile = <T>(read: (file: DatabaseSync) => T): T => {
    const file = new DatabaseSync(join(dir, SEARCH_FILE), { readOnly: true });
    try {
      return read(file);
    } finally {
      file.close();
    }
  };
  const entries = () =>
    inSearchFile(
      (file) => (file.prepare('SELECT COUNT(*) AS n FROM message_search_fts').get() as { n: number }).n,
    );
  const entryOf = (id: number) =>
    inSearchFile((file) =>
      file.prepare('SELECT rowid, body FROM message_search_fts WHERE rowid = ?').all(id),
    );

  it('keeps the index out of the messages file and leaves a send out of its commit', async () => {
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE name LIKE 'message_search%' ORDER BY name`.execute(db);
    expect(rows.map((r) => r.name)).toEqual(['message_search_changes']);
    expect(
      (await sql<{ name: string }>`PRAGMA database_list`.execute(db)).rows.map((r) => r.name),
    ).not.toContain('search');
    await index.catchUp();
    const before = await entries();
    const { send, search } = pair();
    const sent = await send('pending needle');
    expect(await entries()).toBe(before);
    await index.catchUp();
    expect(await entries()).toBe(before + 1);
    // A search has the index catch up first: a message stored just before it is found.
    const later = await send('another needle');
    expect((await search('needle')).map((m) => Number(m.seq))).toEqual([Number(later.seq), Number(sent.seq)]);
  });

  it('indexes on a thread of lower priority than the sends', () => {
    // Field 19 of a task's stat is its niceness (the command name, field 2, is in parentheses).
    const niceness = new Map(
      readdirSync('/proc/self/task').map((task) => {
        const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
        return [Number(task), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
      }),
    );
    expect(niceness.get(process.pid)).toBe(0);
    expect([...niceness.values()]).toContain(10);
  });

  it('commits sends while the search file is held by a writer', async () => {
    const { send, search } = pair();
    // Another connection holds the search file's write lock, as the index's thread does during a
    // batch. With the index in the messages' file, the send's commit waited for it.
    const holder = new DatabaseSync(join(dir, SEARCH_FILE));
    holder.exec('BEGIN IMMEDIATE');
    try {
      const sent = await send('stored beside the index');
      expect(Number(sent.seq)).toBeGreaterThan(0);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(await search('beside the index')).toHaveLength(1);
  });

  it('indexes a backlog in batches of at most INDEX_BATCH, every message once, in order', async () => {
    await index.catchUp();
    const { send, search } = pair();
    const total = INDEX_BATCH * 2 + 7;
    await Promise.all(Array.from({ length: total }, (_, i) => send(`backlog word ${i}`)));
    const indexing = openIndexingConnection(join(dir, MESSAGES_FILE), join(dir, SEARCH_FILE));
    const taken: number[] = [];
    try {
      for (let n = indexPendingMessages(indexing).taken; n > 0; n = indexPendingMessages(indexing).taken)
        taken.push(n);
    } finally {
      indexing.close();
    }
    expect(taken).toEqual([INDEX_BATCH, INDEX_BATCH, 7]);
    const found = await search('backlog word');
    expect(found).toHaveLength(total);
    expect(found.map((m) => Number(m.seq))).toEqual(Array.from({ length: total }, (_, i) => total - i));
    expect((await search('backlog word 1000')).map((m) => m.clientMsgId)).toEqual([found[6].clientMsgId]);
  });

  it('indexes a pending message rewritten before its batch by its new text, once', async () => {
    await index.catchUp();
    const { send, search, rewrite } = pair();
    const sent = await send('original wording');
    await rewrite(sent.seq, { content: JSON.stringify({ content: 'rewritten wording' }) });
    expect(await search('original')).toEqual([]);
    expect((await search('rewritten')).map((m) => m.clientMsgId)).toEqual([sent.clientMsgId]);
    expect((await search('wording')).length).toBe(1);
  });

  it('rewrites an indexed entry when the content changes, under the same key, and deletes the applied notes', async () => {
    const { send, search, rewrite, idOf } = pair();
    const sent = await send('keyed entry');
    await index.catchUp();
    const id = await idOf(sent.seq);
    expect(entryOf(id)).toEqual([{ rowid: id, body: 'keyed entry' }]);
    // A reaction rewrites the row but not its text: no note, and the entry stays as it was.
    await rewrite(sent.seq, { reactions: '{"👍":["b"]}' });
    expect(await count('message_search_changes')).toBe(0);
    await rewrite(sent.seq, { content: JSON.stringify({ content: 'edited entry' }) });
    expect(await count('message_search_changes')).toBe(1);
    expect((await search('edited entry')).map((m) => m.clientMsgId)).toEqual([sent.clientMsgId]);
    expect(entryOf(id)).toEqual([{ rowid: id, body: 'edited entry' }]);
    expect(await search('keyed')).toEqual([]);
    expect(await count('message_search_changes')).toBe(0);
  });

  it('drops a deleted message from the index', async () => {
    const { send, search, remove } = pair();
    const kept = await send('kept sibling');
    const gone = await send('deleted sibling');
    await send('newest of the pair');
    await index.catchUp();
    await remove(gone.seq);
    expect((await search('sibling')).map((m) => m.clientMsgId)).toEqual([kept.clientMsgId]);
  });

  it('indexes a message stored under the id of a deleted newest one, whether or not the index ran between', async () => {
    for (const indexBetween of [false, true]) {
      const { send, search, remove, idOf } = pair();
      const gone = await send(`deleted newest ${indexBetween}`);
      const goneID = await idOf(gone.seq);
      await index.catchUp();
      await remove(gone.seq);
      if (indexBetween) await index.catchUp();
      const reused = await send(`stored after the delete ${indexBetween}`);
      expect(await idOf(reused.seq)).toBe(goneID);
      expect(await search(`deleted newest ${indexBetween}`)).toEqual([]);
      expect((await search(`after the delete ${indexBetween}`)).map((m) => m.clientMsgId)).toEqual([
        reused.clientMsgId,
      ]);
    }
  });

  it('answers a keyword of three or more characters through the trigram index', async () => {
    const plan = async (keyword: string) => {
      let asked: CompiledQuery | undefined;
      const capture: SearchIndex = {
        catchUp: async () => {},
        read: async (query) => {
          asked = query;
          return [];
        },
        stop: async () => {},
      };
      await searchMessageRows(db, 'sqlite', capture, {
        ownerUserID: 'u',
        keyword,
        conversationID: '',
        offset: 0,
        limit: 20,
      });
      const file = openIndexingConnection(messagesFile({ DATA_DIR: dir }), join(dir, SEARCH_FILE));
      try {
        const rows = file
          .prepare(`EXPLAIN QUERY PLAN ${asked!.sql}`)
          .all(...(asked!.parameters as never[])) as { detail: string }[];
        return rows.map((r) => r.detail).find((detail) => detail.includes('VIRTUAL TABLE'));
      } finally {
        file.close();
      }
    };
    // FTS5 names a MATCH it answers from its index "M" in its plan.
    expect(await plan('needle 50%')).toMatch(/VIRTUAL TABLE INDEX 0:M/);
  });

  it('finds a keyword whatever the case of either, in any script, and takes it literally', async () => {
    const { send, search } = pair();
    const sent = await send('Жизнь à l’ÉCOLE "quoted" 50%_off');
    const found = async (keyword: string) => (await search(keyword)).map((m) => Number(m.seq));
    for (const keyword of ['жизнь', 'ЖИЗ', 'école', 'À L’É', '"quoted"', '50%_', 'жи', 'éc'])
      expect({ keyword, seqs: await found(keyword) }).toEqual({ keyword, seqs: [Number(sent.seq)] });
    // Each trigram is there, the keyword is not; wildcards are characters.
    for (const keyword of ['жизнь ж', 'quoted"5', '50%x', '5_%', 'é_c'])
      expect(await found(keyword)).toEqual([]);
  });

  it('builds a search file of an older layout again: an index of trigram positions becomes one of messages', async () => {
    const { send, search } = pair();
    await send('relaid needle');
    await index.catchUp();
    await index.stop();
    // Layout 1 (migration 0020's): positions kept. Emptied here, its marks left as they were, so that
    // only a build from the messages finds anything.
    const old = new DatabaseSync(join(dir, SEARCH_FILE));
    try {
      old.exec(`DROP TABLE message_search_fts;
        CREATE VIRTUAL TABLE message_search_fts USING fts5(body, tokenize = 'trigram');
        PRAGMA user_version = 1;`);
    } finally {
      old.close();
    }
    index = await startSearchIndex(db, 'sqlite', dir);
    expect(await search('relaid needle')).toHaveLength(1);
    const created = inSearchFile(
      (file) =>
        file.prepare("SELECT sql FROM sqlite_master WHERE name = 'message_search_fts'").get() as {
          sql: string;
        },
    );
    expect(created.sql).toContain('detail = none');
    expect(created.sql).toContain('columnsize = 0');
  });

  it('builds a missing search file again from the messages, and catches up when it stops', async () => {
    const { send, search, idOf } = pair();
    await send('rebuilt needle one');
    await send('rebuilt needle two');
    await index.catchUp();
    await index.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, SEARCH_FILE + suffix), { force: true });
    index = await startSearchIndex(db, 'sqlite', dir);
    expect(await search('rebuilt needle')).toHaveLength(2);
    const last = await idOf((await send('indexed by the stop')).seq);
    await index.stop();
    const file = new DatabaseSync(join(dir, SEARCH_FILE));
    try {
      expect(file.prepare('SELECT body FROM message_search_fts WHERE rowid = ?').get(last)).toEqual({
        body: 'indexed by the stop',
      });
    } finally {
      file.close();
    }
    index = await startSearchIndex(db, 'sqlite', dir);
  });
});
