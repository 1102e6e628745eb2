import { useCallback, useEffect, useRef, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@im/protocol';
import { im } from '../../sdk/im';
import { onConversationDeleted } from '../../stores/conversation-events';
import {
  applyRevoked,
  applySelfInfo,
  dropClearedMessages,
  prependMessages,
  shouldAppend,
  upsertMessages,
  visibleHistory,
} from './chat-messages';
import type { ChatScope } from './chat-messages';

export const HISTORY_PAGE = 20;
/** Virtuoso counts prepended items down from here (its firstItemIndex). */
const FIRST_INDEX = 1_000_000;

interface State {
  messages: MessageItem[];
  firstItemIndex: number;
  /** Older history may exist; false after the last page or a failure (spec §8). */
  hasMore: boolean;
  loading: boolean;
  /** The newest page has come (or failed): the list may open at the bottom. */
  ready: boolean;
}

const initial: State = {
  messages: [],
  firstItemIndex: FIRST_INDEX,
  hasMore: true,
  loading: false,
  ready: false,
};

/**
 * The messages of the open chat: history pages (newest first, older on demand), pushed messages
 * under the rules of spec §4, revokes, own info updates, cleared or deleted history.
 * `onIncoming` hears about messages from others appended while the chat is open.
 */
export function useChatMessages(chat: ChatScope, onIncoming: () => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>(initial);
  const cursor = useRef<{ lastMinSeq?: number; startClientMsgID?: string }>({});
  const busy = useRef(false);
  const more = useRef(true);
  const incoming = useRef(onIncoming);
  useEffect(() => {
    incoming.current = onIncoming;
  }, [onIncoming]);

  const loadOlder = useCallback(async () => {
    if (busy.current || !more.current) return;
    busy.current = true;
    setState((s) => ({ ...s, loading: true }));
    try {
      const page = await im.getAdvancedHistoryMessageList({
        conversationID: chat.conversationID,
        ...cursor.current,
        count: HISTORY_PAGE,
      });
      const oldest = page.messageList.find((m) => m.seq > 0);
      cursor.current = { lastMinSeq: page.lastMinSeq, startClientMsgID: oldest?.clientMsgID };
      more.current = !page.isEnd && page.messageList.length > 0;
      const older = visibleHistory(page.messageList);
      setState((s) => {
        const messages = prependMessages(s.messages, older);
        const added = messages.length - s.messages.length;
        return {
          messages,
          firstItemIndex: s.firstItemIndex - added,
          hasMore: more.current,
          loading: false,
          ready: true,
        };
      });
    } catch (error) {
      // Spec §8: 'Get history message failed', and paging ends.
      console.error('history failed', error);
      more.current = false;
      Toast.show({ icon: 'fail', content: t('chat.historyFailed') });
      setState((s) => ({ ...s, hasMore: false, loading: false, ready: true }));
    } finally {
      busy.current = false;
    }
  }, [chat.conversationID, t]);

  useEffect(() => {
    void loadOlder();
  }, [loadOlder]);

  useEffect(() => {
    const update = (change: (list: MessageItem[]) => MessageItem[]) =>
      setState((s) => {
        const messages = change(s.messages);
        return messages === s.messages ? s : { ...s, messages };
      });
    const offs = [
      im.on('recvNewMessages', (list) => {
        const mine = list.filter((m) => shouldAppend(m, chat));
        if (mine.length === 0) return;
        update((messages) => upsertMessages(messages, mine));
        if (mine.some((m) => m.sendID !== chat.selfID)) incoming.current();
      }),
      im.on('recvMessageRevoked', (detail) => {
        if (detail.conversationID === chat.conversationID)
          update((messages) => applyRevoked(messages, detail));
      }),
      im.on('selfInfoUpdated', (self) => update((messages) => applySelfInfo(messages, self))),
      im.on('conversationChanged', (items) => {
        const item = items.find((c) => c.conversationID === chat.conversationID);
        if (item) update((messages) => dropClearedMessages(messages, item.minSeq));
      }),
      onConversationDeleted((conversationID) => {
        if (conversationID === chat.conversationID) update(() => []);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [chat]);

  /** An own message shown at once (Sending), or its newer copy (stored, failed) in place. */
  const putOwn = useCallback(
    (message: MessageItem) => setState((s) => ({ ...s, messages: upsertMessages(s.messages, [message]) })),
    [],
  );

  const remove = useCallback(
    (clientMsgID: string) =>
      setState((s) => ({ ...s, messages: s.messages.filter((m) => m.clientMsgID !== clientMsgID) })),
    [],
  );

  return { ...state, loadOlder, putOwn, remove };
}
