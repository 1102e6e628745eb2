import { useCallback, useEffect, useRef, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { EMPTY_TIMELINE } from '@im/sdk';
import type { Timeline, TimelineSnapshot } from '@im/sdk';
import { im } from '../../sdk/im';

/** Virtuoso counts prepended items down from here (its firstItemIndex). */
const FIRST_INDEX = 1_000_000;

const EMPTY: TimelineSnapshot = EMPTY_TIMELINE;

/**
 * The messages of the open chat, as the sdk's timeline of the conversation shows them: stored
 * history (newest page first, older on demand), unsent messages with their state, and every change
 * the sdk applies (new messages, revokes, deletes, cleared history, own info). `onIncoming` hears
 * about messages from others added while the chat is open. With `aroundSeq` (a search result), the
 * first page is the one around that message, and newer pages load as the reader scrolls down.
 */
export function useChatMessages(conversationID: string, onIncoming: () => void, aroundSeq?: number) {
  const { t } = useTranslation();
  const timeline = useRef<Timeline | null>(null);
  // A chat whose newest page the sdk holds (the top of the list, preloaded) shows it in the first
  // render: the list mounts with its messages, not empty and then again (docs/decisions.md#first-screen).
  const [snapshot, setSnapshot] = useState<TimelineSnapshot>(() =>
    aroundSeq ? EMPTY : (im.messages.openingSnapshot(conversationID) ?? EMPTY),
  );
  const incoming = useRef(onIncoming);
  useEffect(() => {
    incoming.current = onIncoming;
  }, [onIncoming]);

  const historyFailed = useCallback(
    (error: unknown) => {
      // docs/product.md#error-texts: 'Get history message failed', and paging ends.
      console.error('history failed', error);
      Toast.show({ icon: 'fail', content: t('chat.historyFailed') });
    },
    [t],
  );
  const load = useCallback((from: Timeline) => from.loadOlder().catch(historyFailed), [historyFailed]);

  useEffect(() => {
    const opened = im.messages.openTimeline(conversationID);
    timeline.current = opened;
    const off = opened.subscribe((next, change) => {
      setSnapshot((shown) => (sameSnapshot(shown, next) ? shown : next));
      if (change.incoming.length > 0) incoming.current();
    });
    // Its first change (the page starts loading) replaces the snapshot of a chat shown before.
    if (aroundSeq) void opened.loadAround(aroundSeq).catch(historyFailed);
    else void load(opened);
    return () => {
      off();
      opened.close();
      if (timeline.current === opened) timeline.current = null;
    };
  }, [conversationID, load, aroundSeq, historyFailed]);

  const loadOlder = useCallback(
    () => (timeline.current ? load(timeline.current) : Promise.resolve()),
    [load],
  );

  const loadNewer = useCallback(
    () => (timeline.current ? timeline.current.loadNewer().catch(historyFailed) : Promise.resolve()),
    [historyFailed],
  );

  return {
    messages: snapshot.messages,
    hasNewer: snapshot.hasNewer,
    loadNewer,
    firstItemIndex: FIRST_INDEX - snapshot.prepended,
    hasMore: snapshot.hasMore,
    loading: snapshot.loading,
    ready: snapshot.ready,
    loadOlder,
  };
}

/** The same messages (the same objects, in order) and flags: nothing to render again. */
function sameSnapshot(a: TimelineSnapshot, b: TimelineSnapshot): boolean {
  return (
    a.hasMore === b.hasMore &&
    a.loading === b.loading &&
    a.ready === b.ready &&
    a.prepended === b.prepended &&
    a.hasNewer === b.hasNewer &&
    a.messages.length === b.messages.length &&
    a.messages.every((message, index) => message === b.messages[index])
  );
}
