import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import type { ConversationItem } from '@im/protocol';
import { InfiniteScroll } from 'antd-mobile';
import { AddCircleOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { useSelfID } from '../../hooks/use-self-id';
import { loadMoreConversations } from '../../stores/conversation-actions';
import { useConversationStore } from '../../stores/conversation-store';
import { useUserStore } from '../../stores/user-store';
import { ConversationRow } from './conversation-row';
import { loadSwipeActionsOnKeyboardFocus } from '../../components/deferred-swipe-action';
import { useConversationActions } from './use-conversation-actions';
import styles from './conversation-page.module.css';
import { paths } from '../../router/paths';
import { useFirstScreenShown } from '../../router/first-screen';
import { usePreloadTopChats } from './preload-chats';

interface RowsProps {
  conversations: ConversationItem[];
  hasMore: boolean;
  selfID: string;
}

/**
 * The rows and the infinite scroll under them: rendered again only when their props change, and the
 * page hands them the deferred list, so a store change renders them in a transition of their own.
 */
const ConversationRows = memo(function ConversationRows({ conversations, hasMore, selfID }: RowsProps) {
  const { t } = useTranslation();
  const { togglePin, markRead, remove } = useConversationActions();
  return (
    <>
      {/* The rows' swipe actions load on keyboard focus, or once the app has been quiet a few seconds. */}
      <ul
        className={styles.list}
        aria-label={t('conversation.title')}
        onFocus={loadSwipeActionsOnKeyboardFocus}
      >
        {conversations.map((item) => (
          <ConversationRow
            key={item.conversationID}
            item={item}
            selfID={selfID}
            onTogglePin={togglePin}
            onMarkRead={markRead}
            onDelete={remove}
          />
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMoreConversations} hasMore={hasMore}>
        {(more) => (more ? t('common.loading') : conversations.length > 0 ? t('conversation.noMore') : null)}
      </InfiniteScroll>
    </>
  );
});

/**
 * /conversation: the chats, in the order of docs/product.md#conversations, kept up to date by the
 * core's events (session/bind-core-events.ts). Pages of 20 load as the list scrolls, while a full
 * page came back.
 *
 * A store change renders at once (zustand's subscription is a synchronous update) but with the rows as
 * they were; the rows follow in a transition, which React renders in slices between which the page
 * answers input. At start-up the list arrives while the first screen settles, and its rows, rendered
 * in one blocking task, were the largest part of Lighthouse's blocking time on this screen
 * (docs/decisions.md#first-screen).
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const stored = useConversationStore((s) => s.conversationList);
  const conversations = useDeferredValue(stored);
  // With the rows: the scroll asks for the next page only below the rows it follows.
  const hasMore = useDeferredValue(useConversationStore((s) => s.hasMore));
  const loaded = useConversationStore((s) => s.loaded);
  const selfID = useSelfID();
  const synced = useUserStore((s) => s.synced);
  // The first screen is there once it shows chats, or the empty state after a sync.
  const shown = loaded && (conversations.length > 0 || (synced && stored.length === 0));
  useFirstScreenShown(shown);
  usePreloadTopChats(conversations, shown);

  const add = (
    <>
      <Link to={paths.searchMessages()} className="text-button" aria-label={t('finder.messagesTitle')}>
        <SearchOutline fontSize={22} aria-hidden="true" />
      </Link>
      <Link to={paths.contactAdd()} className="text-button" aria-label={t('contact.add')}>
        <AddCircleOutline fontSize={22} aria-hidden="true" />
      </Link>
    </>
  );
  return (
    <Page title={t('conversation.title')} back={false} right={add}>
      {/* Empty by the store too: the rows it holds may not have rendered yet. */}
      {loaded && stored.length === 0 && conversations.length === 0 && (
        <EmptyState text={t('conversation.empty')} />
      )}
      <ConversationRows conversations={conversations} hasMore={hasMore} selfID={selfID} />
    </Page>
  );
}
