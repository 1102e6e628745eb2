import { forwardRef, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { VirtuosoHandle } from 'react-virtuoso';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { DEFAULT_TIMELINE_PAGE } from '@im/sdk';
import { PictureGallery } from './message-bodies';
import { MessageRow } from './message-row';
import styles from './chat-page.module.css';

interface Props {
  messages: readonly MessageItem[];
  firstItemIndex: number;
  hasMore: boolean;
  loading: boolean;
  selfID: string;
  isGroup: boolean;
  onStartReached: () => void;
  /** Newer messages exist below the last one (opened at a search result): the end loads them. */
  hasNewer?: boolean;
  onEndReached?: () => void;
  /** Where the list opens (a search result's message, centred); the newest when absent. */
  initialIndex?: number;
  onMenu: (message: MessageItem) => void;
  onResend: (clientMsgID: string) => void;
  onAvatar?: (userID: string) => void;
}

interface ListContext {
  loading: boolean;
  endText: string;
}

/** Above the oldest message: a loader while a page loads, or the end of the history. */
function ListTop({ context }: { context?: ListContext }) {
  return <div className={styles.listEdge}>{context?.loading ? <DotLoading /> : context?.endText}</div>;
}

/** The height Virtuoso lays out a row with until it has measured it (px). */
const ESTIMATED_ROW_HEIGHT = 64;
/**
 * While a chat opens at its newest message, the list renders a page of rows (the sdk's timeline
 * page) past the bottom of its viewport. Virtuoso's first rows are those at the top of what it
 * holds, since its scroll is still at 0; it measures them and scrolls to the newest in that frame.
 * With the whole opening page among them, the newest rows are already there and show in that frame,
 * not one frame later (docs/decisions.md#first-screen). The reader's first scroll up ends it, so
 * reading back renders no extra rows below.
 */
const OPENING_EXTENT = { top: 0, bottom: DEFAULT_TIMELINE_PAGE * ESTIMATED_ROW_HEIGHT };

/**
 * The history, virtualised: it opens at the newest message, loads older pages when scrolled to the
 * top (Virtuoso's firstItemIndex keeps the position while they are put before), and follows new
 * messages while the reader is at the bottom.
 */
export const MessageList = forwardRef<VirtuosoHandle, Props>(function MessageList(
  {
    messages,
    firstItemIndex,
    hasMore,
    loading,
    selfID,
    isGroup,
    onStartReached,
    hasNewer,
    onEndReached,
    initialIndex,
    onMenu,
    onResend,
    onAvatar,
  },
  ref,
) {
  const { t } = useTranslation();
  // Opened at a search result, the list follows new messages only once the reader reached the
  // newest (pages loaded below the result must not pull the view away from it).
  const [follow, setFollow] = useState(initialIndex === undefined);
  const list = useRef<VirtuosoHandle>(null);
  useImperativeHandle(ref, () => list.current!, []);
  // Opened at the newest message, the list stays there while what is shown changes height (a page
  // or marks arriving as it opens) until the reader scrolls, so it can show as soon as it has
  // scrolled there once (docs/decisions.md#first-screen).
  const pinned = useRef(initialIndex === undefined);
  const [opening, setOpening] = useState(initialIndex === undefined);
  const stopWatching = useRef<() => void>(() => {});
  // A scroll up is the reader's (a finger, the wheel, a key, assistive technology): the list itself
  // only scrolls down to the newest. The first one lets go, and the watch ends.
  const watchReader = useCallback((scroller: HTMLElement | Window | null) => {
    stopWatching.current();
    if (!pinned.current || !(scroller instanceof HTMLElement)) return;
    const watch = new AbortController();
    stopWatching.current = () => watch.abort();
    let lastTop = scroller.scrollTop;
    const onScroll = () => {
      if (scroller.scrollTop < lastTop - 1) {
        pinned.current = false;
        setOpening(false);
        watch.abort();
      }
      lastTop = scroller.scrollTop;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true, signal: watch.signal });
  }, []);
  const itemContent = useCallback(
    (index: number, message: MessageItem) => (
      <MessageRow
        message={message}
        previous={messages[index - firstItemIndex - 1]}
        selfID={selfID}
        showSenderName={isGroup}
        onMenu={onMenu}
        onResend={onResend}
        onAvatar={onAvatar}
      />
    ),
    [messages, firstItemIndex, selfID, isGroup, onMenu, onResend, onAvatar],
  );

  return (
    <PictureGallery messages={messages}>
      <Virtuoso
        ref={list}
        scrollerRef={watchReader}
        totalListHeightChanged={() => {
          if (pinned.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
        }}
        className={styles.list}
        role="log"
        aria-label={t('chat.messages')}
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={
          initialIndex === undefined
            ? { index: 'LAST', align: 'end' }
            : { index: initialIndex, align: 'center' }
        }
        computeItemKey={(_, message) => message.clientMsgID}
        itemContent={itemContent}
        startReached={() => {
          if (hasMore) onStartReached();
        }}
        endReached={() => {
          if (hasNewer) onEndReached?.();
          else setFollow(true);
        }}
        followOutput={(atBottom) => (atBottom && follow && !hasNewer ? 'smooth' : false)}
        alignToBottom
        skipAnimationFrameInResizeObserver
        defaultItemHeight={ESTIMATED_ROW_HEIGHT}
        increaseViewportBy={opening ? OPENING_EXTENT : 0}
        context={{ loading, endText: !hasMore && messages.length > 0 ? t('chat.noMore') : '' }}
        components={{ Header: ListTop }}
      />
    </PictureGallery>
  );
});
