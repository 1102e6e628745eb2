import { describe, expect, it } from 'vitest';
import type { MessageItem } from '@im/protocol';
import { MemoryStore } from '../src/store/memory-store.ts';
import { planPulls } from '../src/sync/seq-planner.ts';
import { SyncEngine } from '../src/sync/sync-engine.ts';
import type { SyncEvent } from '../src/sync/sync-engine.ts';
import { FakeSyncSource } from './support/fake-sync-source.ts';
import { textMessage } from './support/fixtures.ts';

const CONV = textMessage(1).conversationID;

function setup(options: { pageSize?: number; reinstallDepth?: number } = {}) {
  const source = new FakeSyncSource();
  const store = new MemoryStore();
  const delivered: MessageItem[] = [];
  const events: SyncEvent[] = [];
  const engine = new SyncEngine({
    store,
    source,
    ...options,
    deliver: (messages) => void delivered.push(...messages),
    onEvent: (event) => void events.push(event),
  });
  const seqsOf = () => delivered.map((m) => m.seq);
  return { source, store, engine, delivered, events, seqsOf };
}

/** Marks the store as synced once, so the next full sync is not a reinstall. */
async function initialized(store: MemoryStore) {
  await store.setMeta('initialized', true);
}

describe('pull planning', () => {
  it('splits long gaps and packs short ones into pages of pageSize seqs', () => {
    const pages = planPulls(
      [
        { conversationID: 'a', begin: 1, end: 25 },
        { conversationID: 'b', begin: 4, end: 8 },
      ],
      10,
    );
    expect(pages).toEqual([
      [{ conversationID: 'a', begin: 1, end: 10 }],
      [{ conversationID: 'a', begin: 11, end: 20 }],
      [
        { conversationID: 'a', begin: 21, end: 25 },
        { conversationID: 'b', begin: 4, end: 8 },
      ],
    ]);
  });
});

describe('sync engine', () => {
  it('delivers contiguous pushes at once and a repeated push never again', async () => {
    const { source, engine, seqsOf } = setup();
    const first = source.add(textMessage(1));
    await engine.push(first);
    await engine.push(source.add(textMessage(2)));
    await engine.push(first);
    await engine.push({ ...first });
    expect(seqsOf()).toEqual([1, 2]);
    expect(source.pulls).toEqual([]);
  });

  it('fills the gap in front of a push that skips ahead, then delivers in seq order once', async () => {
    const { source, engine, store, seqsOf } = setup();
    for (let seq = 1; seq <= 5; seq++) source.add(textMessage(seq));
    await engine.push(source.log.get(CONV)![0]);
    await engine.push(source.log.get(CONV)![4]); // 2..4 were dropped
    expect(source.pulls).toEqual([[{ conversationID: CONV, begin: 2, end: 4 }]]);
    expect(seqsOf()).toEqual([1, 2, 3, 4, 5]);
    await engine.push(source.log.get(CONV)![3]); // a late copy of a pulled one
    expect(seqsOf()).toEqual([1, 2, 3, 4, 5]);
    expect(await store.getSeqs()).toEqual({ [CONV]: 5 });
  });

  it('keeps a pushed message waiting when the gap pull fails, and the next full sync fills it', async () => {
    const { source, engine, store, seqsOf } = setup();
    await initialized(store);
    for (let seq = 1; seq <= 3; seq++) source.add(textMessage(seq));
    source.failNext = true;
    await engine.push(source.log.get(CONV)![2]);
    expect(seqsOf()).toEqual([]);
    expect(await engine.syncAll()).toBe(true);
    expect(seqsOf()).toEqual([1, 2, 3]);
  });

  it('does not stall on seqs the server no longer answers', async () => {
    const { source, engine, seqsOf } = setup();
    for (let seq = 1; seq <= 4; seq++) source.add(textMessage(seq));
    source.hidden.add(`${CONV}:2`);
    await engine.push(source.log.get(CONV)![0]);
    await engine.push(source.log.get(CONV)![3]);
    expect(seqsOf()).toEqual([1, 3, 4]);
    expect(engine.knownSeq(CONV)).toBe(4);
  });

  it('pulls everything missing after a reconnect in pages, delivering each message once and in order', async () => {
    const { source, engine, store, seqsOf, events, delivered } = setup({ pageSize: 10 });
    await initialized(store);
    for (let seq = 1; seq <= 35; seq++) source.add(textMessage(seq));
    const other = textMessage(1, { sendID: 'carol', clientMsgID: 'carol-1' });
    source.add(other);
    await engine.push(source.log.get(CONV)![0]);
    expect(await engine.syncAll()).toBe(true);
    expect(source.pulls.length).toBe(4); // 34 + 1 seqs in pages of 10
    const inConv = delivered.filter((m) => m.conversationID === CONV).map((m) => m.seq);
    expect(inConv).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    expect(delivered.filter((m) => m.clientMsgID === 'carol-1')).toHaveLength(1);
    expect(events[0]).toEqual({ type: 'start', reinstall: false });
    expect(events.at(-1)).toEqual({ type: 'finish', reinstall: false });
    // nothing new: a second sync pulls nothing and delivers nothing
    const before = source.pulls.length;
    await engine.syncAll();
    expect(source.pulls.length).toBe(before);
    expect(seqsOf()).toHaveLength(36);
  });

  it('runs a reinstall on an empty store with monotonic progress to 100, storing without delivering', async () => {
    const { source, engine, store, delivered, events } = setup({ pageSize: 7, reinstallDepth: 20 });
    for (let seq = 1; seq <= 50; seq++) source.add(textMessage(seq));
    for (let seq = 1; seq <= 12; seq++)
      source.add(textMessage(seq, { sendID: 'dave', clientMsgID: `d-${seq}` }));
    expect(await engine.syncAll()).toBe(true);
    const progress = events.flatMap((e) => (e.type === 'progress' ? [e.progress] : []));
    expect(events[0]).toEqual({ type: 'start', reinstall: true });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1])).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'finish', reinstall: true });
    expect(delivered).toEqual([]);
    expect((await store.getMessagesBefore(CONV, Infinity, 100)).map((m) => m.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 31),
    );
    expect(engine.knownSeq(CONV)).toBe(50);
    // the next start is not a reinstall and syncs only what changed
    source.add(textMessage(51));
    events.length = 0;
    await engine.syncAll();
    expect(events[0]).toEqual({ type: 'start', reinstall: false });
    expect(delivered.map((m) => m.seq)).toEqual([51]);
  });

  it('reports a failed sync with its reinstall flag', async () => {
    const { source, engine, events } = setup();
    source.add(textMessage(1));
    source.failNext = true;
    expect(await engine.syncAll()).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'failed', reinstall: true });
  });

  it("counts an own send's stored copy without delivering it, also when a pull brings it again", async () => {
    const { source, engine, store, seqsOf } = setup();
    await initialized(store);
    const own = source.add(textMessage(1, { sendID: 'bob', recvID: 'alice', clientMsgID: 'own-1' }));
    await engine.acceptOwn(own);
    await engine.syncAll();
    await engine.push(source.add(textMessage(2)));
    expect(seqsOf()).toEqual([2]);
    expect(await store.getMessage('own-1')).toBeDefined();
  });
});
