import { describe, expect, it } from 'vitest';
import { MessageStatus } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { Timeline } from '../src/timeline/timeline.ts';
import type { TimelineSource } from '../src/timeline/timeline.ts';
import type { TimelineEvent } from '../src/timeline/timeline-events.ts';
import { textMessage } from './support/fixtures.ts';

/**
 * A timeline opened around a seq (docs/sdk.md#message-search): the window, older and newer pages,
 * and no live message appended before the newest is reached. History answers as the server does:
 * the `count` messages below `lastMinSeq`, never above the conversation's end.
 */
function source(messages: MessageItem[]) {
  const listeners = new Set<(event: TimelineEvent) => void>();
  const src: TimelineSource = {
    selfID: 'bob',
    history: async (params) => {
      const end = messages.length + 1;
      const below = Math.min(
        params.startClientMsgID
          ? (messages.find((m) => m.clientMsgID === params.startClientMsgID)?.seq ?? end)
          : (params.lastMinSeq ?? end),
        end,
      );
      const page = messages.filter((m) => m.seq < below).slice(-(params.count ?? 20));
      return { messageList: page, isEnd: (page[0]?.seq ?? 1) <= 1, lastMinSeq: page[0]?.seq ?? below };
    },
    unsent: async () => [],
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { src, emit: (event: TimelineEvent) => listeners.forEach((l) => l(event)) };
}

const seqs = (timeline: Timeline) => timeline.messages.map((m) => m.seq);

describe('a timeline around a seq', () => {
  it('pages newer past hidden messages at the top of a page, then appends live ones again', async () => {
    // 30 messages; 26–30 are deleted on this device (hidden), so the shown top is lower than the paged one.
    const all = Array.from({ length: 30 }, (_, i) =>
      textMessage(i + 1, i >= 25 ? { status: MessageStatus.Deleted } : {}),
    );
    const { src, emit } = source(all);
    const timeline = new Timeline(all[0].conversationID, src, 10);
    await timeline.loadAround(10);
    expect(seqs(timeline)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(timeline.snapshot.hasNewer).toBe(true);

    // A live message while the window is not at the newest: not appended.
    const live = textMessage(31);
    emit({ type: 'put', messages: [live] });
    expect(seqs(timeline).at(-1)).toBe(15);

    await timeline.loadNewer();
    expect(seqs(timeline).at(-1)).toBe(25);
    expect(timeline.snapshot.hasNewer).toBe(true);
    all.push(live);
    await timeline.loadNewer();
    // 26–30 paged in (hidden), 31 shown; the page came back short: the newest is reached.
    expect(seqs(timeline).at(-1)).toBe(31);
    expect(timeline.snapshot.hasNewer).toBe(false);
    await timeline.loadNewer();
    expect(seqs(timeline).filter((s) => s === 31)).toHaveLength(1);

    emit({ type: 'put', messages: [textMessage(32)] });
    expect(seqs(timeline).at(-1)).toBe(32);
    await timeline.loadOlder();
    expect(seqs(timeline)[0]).toBe(1);
    timeline.close();
  });

  it('knows at once when the window already reaches the newest', async () => {
    const all = Array.from({ length: 12 }, (_, i) => textMessage(i + 1));
    const { src } = source(all);
    const timeline = new Timeline(all[0].conversationID, src, 10);
    await timeline.loadAround(10);
    expect(seqs(timeline)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(timeline.snapshot.hasNewer).toBe(false);
  });

  it('counts hidden messages at the top of the window: newer ones may still follow', async () => {
    const all = Array.from({ length: 30 }, (_, i) =>
      textMessage(i + 1, i >= 25 ? { status: MessageStatus.Deleted } : {}),
    );
    const { src } = source(all);
    const timeline = new Timeline(all[0].conversationID, src, 10);
    await timeline.loadAround(22);
    expect(seqs(timeline)).toEqual([18, 19, 20, 21, 22, 23, 24, 25]);
    expect(timeline.snapshot.hasNewer).toBe(true);
  });
});
