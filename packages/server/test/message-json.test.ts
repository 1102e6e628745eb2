import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentType, MsgFrom, SessionType } from '@im/protocol';
import { loadConfig } from '../src/config/config.ts';
import { encodedMessagesInRange, encodePulled } from '../src/message/message-json.ts';
import { messagesInRange } from '../src/message/message-queries.ts';
import { mergedRanges } from '../src/message/message-service.ts';
import { toMessageItem } from '../src/message/message-row.ts';
import { openDatabase } from '../src/storage/database.ts';
import type { Database } from '../src/storage/database.ts';

const conversationID = 'sg_json';

/** A stored message of the conversation at `seq`, the columns a test does not name at their defaults. */
function row(seq: number, contentType: number, content: string, extra: Record<string, unknown> = {}) {
  return {
    conversationId: conversationID,
    seq,
    serverMsgId: `server-${seq}`,
    clientMsgId: `client-${seq}`,
    sendId: 'u1',
    groupId: 'json',
    senderNickname: 'Zoë "quoted" \\ name',
    senderFaceUrl: 'https://example.com/a.png',
    senderPlatformId: 5,
    sessionType: SessionType.Group,
    contentType,
    msgFrom: MsgFrom.User,
    createTime: 1_700_000_000_000 + seq,
    sendTime: 1_700_000_000_100 + seq,
    content,
    recvId: '',
    ex: '',
    editTime: 0,
    reactions: '',
    burnDuration: 0,
    burnAt: 0,
    ...extra,
  };
}

/**
 * The PullMsgs answer that SQLite writes (src/message/message-json.ts) is the MessageItem that
 * toMessageItem builds from the same row, for every kind of stored message: optional fields set and
 * not, an element for each kind of content type, burned content, text that needs escaping.
 */
describe('messages as the JSON SQLite writes', () => {
  let dataDir: string;
  let db: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'im-json-'));
    ({ db } = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })));
    await db
      .insertInto('messages')
      .values([
        row(1, ContentType.Text, JSON.stringify({ content: 'plain' })),
        row(2, ContentType.Text, JSON.stringify({ content: 'line\nbreak "quote" \\ \u2028 😀 \u0001' })),
        row(3, ContentType.Text, JSON.stringify({ content: 'edited' }), {
          editTime: 1_700_000_001_000,
          reactions: JSON.stringify([{ emoji: '👍', userIDs: ['u2', 'u3'] }]),
          ex: '{"from":"ex"}',
        }),
        row(4, ContentType.Text, '', { burnDuration: 30, burnAt: 1_700_000_030_000 }),
        row(5, ContentType.Text, JSON.stringify({ content: 'burning' }), { burnDuration: 30 }),
        row(
          6,
          ContentType.Custom,
          JSON.stringify({ data: '{"a":[1,2.5,null,true]}', description: '', extension: '' }),
        ),
        row(
          7,
          ContentType.Picture,
          JSON.stringify({ sourcePicture: { url: 'u', width: 10, height: 2.5 }, empty: null }),
        ),
        row(8, 2101, JSON.stringify({ detail: '{"seq":3}' }), { msgFrom: MsgFrom.System }),
        row(9, 1501, JSON.stringify({ detail: 'x' }), { sessionType: SessionType.Notification }),
        row(10, 999, JSON.stringify({ unknown: true })),
        row(
          11,
          ContentType.Quote,
          JSON.stringify({ text: 'q', quoteMessage: { seq: 1, nested: { deep: [] } } }),
        ),
      ])
      .execute();
  });

  afterAll(async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A range's bytes as the items they hold. */
  const items = (bytes: Buffer) => JSON.parse(`[${bytes.toString('utf8')}]`) as { seq: number }[];

  it('answers each row as toMessageItem does, in seq order', async () => {
    const rows = await messagesInRange(db, conversationID, 1, 11);
    const encoded = items(await encodedMessagesInRange(db, conversationID, 1, 11));
    expect(encoded.map((m) => m.seq)).toEqual(rows.map((r) => Number(r.seq)));
    expect(encoded).toEqual(rows.map(toMessageItem));
    // Keys absent from toMessageItem's item are absent here too, not null.
    expect(Object.keys(encoded[0]).sort()).toEqual(Object.keys(toMessageItem(rows[0])).sort());
  });

  it('keeps to the range asked; an empty range is no bytes; the answer joins the ranges given', async () => {
    const high = await encodedMessagesInRange(db, conversationID, 9, 20);
    const low = await encodedMessagesInRange(db, conversationID, 2, 3);
    const none = await encodedMessagesInRange(db, conversationID, 30, 40);
    expect(items(high).map((m) => m.seq)).toEqual([9, 10, 11]);
    expect(none.length).toBe(0);
    const parts = encodePulled(
      new Map([
        [conversationID, [low, none, high]],
        ['si_empty', [none]],
      ]),
    );
    // The ranges' bytes are parts of the answer as they are, not copies.
    expect(parts).toContain(high);
    const answer = JSON.parse(Buffer.concat(parts).toString('utf8')) as {
      msgs: Record<string, { seq: number }[]>;
    };
    expect(answer.msgs[conversationID].map((m) => m.seq)).toEqual([2, 3, 9, 10, 11]);
    expect(answer.msgs.si_empty).toEqual([]);
    expect(JSON.parse(Buffer.concat(encodePulled(new Map())).toString('utf8'))).toEqual({ msgs: {} });
  });

  it('merges ranges that overlap or touch, in seq order', () => {
    expect(
      mergedRanges([
        { begin: 9, end: 12 },
        { begin: 2, end: 3 },
        { begin: 4, end: 5 },
        { begin: 10, end: 11 },
        { begin: 7, end: 7 },
      ]),
    ).toEqual([
      { begin: 2, end: 5 },
      { begin: 7, end: 7 },
      { begin: 9, end: 12 },
    ]);
  });
});
