import type { MessageItem } from '@im/protocol';
import type { HistoryPage, HistoryParams } from '../messaging/history.ts';
import { compareTimeline, prependMessages, visibleHistory } from './timeline-rules.ts';
import type { TimelineSnapshot } from './timeline.ts';

/** Where the next older page starts, below the oldest of this one. */
export function cursorBelow(page: HistoryPage): Pick<HistoryParams, 'lastMinSeq' | 'startClientMsgID'> {
  const oldest = page.messageList.find((m) => m.seq > 0);
  return { lastMinSeq: page.lastMinSeq, startClientMsgID: oldest?.clientMsgID };
}

/**
 * A timeline's snapshot once an older page has come: its visible messages put before the ones shown.
 * The one rule for a loaded page and for a newest page held in memory (timeline/newest-pages.ts),
 * so that a screen can show the kept page before it opens the timeline, and the timeline's first
 * snapshot is the same (docs/sdk.md#timeline).
 */
export function withOlderPage(before: TimelineSnapshot, page: HistoryPage): TimelineSnapshot {
  const shown = before.messages as MessageItem[];
  const messages = prependMessages([...shown], visibleHistory(page.messageList)).sort(compareTimeline);
  return {
    ...before,
    messages,
    prepended: before.prepended + (messages.length - shown.length),
    hasMore: !page.isEnd && page.messageList.length > 0,
    loading: false,
    ready: true,
  };
}
