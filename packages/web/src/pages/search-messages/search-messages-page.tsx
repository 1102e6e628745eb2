import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, InfiniteScroll, List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { SearchBox } from '../../components/search-box';
import { useConversationStore } from '../../stores/conversation-store';
import { paths } from '../../router/paths';
import { SearchResultRow } from './search-result-row';
import { useMessageSearch } from './use-message-search';
import styles from './search-messages.module.css';

/**
 * /searchMessages[?conversationID=]: messages whose text contains what the user types, in one chat
 * (from its settings) or across all chats (from the conversation list), newest first with the hits
 * marked (docs/product.md#search). A result opens its chat at that message.
 */
export function SearchMessagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const conversationID = query.get('conversationID') || undefined;
  const [input, setInput] = useState('');
  const search = useMessageSearch(input, conversationID);
  const conversations = useConversationStore((s) => s.conversationList);
  const chatName = (id: string) => conversations.find((c) => c.conversationID === id)?.showName;

  const open = (message: MessageItem) =>
    void navigate(paths.chat({ conversationID: message.conversationID }, { seq: message.seq }));
  const retry = (text: string) => (
    <div className={styles.status} role="alert">
      <p>{text}</p>
      <Button size="small" className={styles.retry} onClick={search.retry}>
        {t('finder.retry')}
      </Button>
    </div>
  );

  let body;
  if (!search.typed)
    body = (
      <>
        {!conversationID && (
          <List>
            <LinkItem to={paths.searchFriendOrGroup()}>{t('finder.contactsLabel')}</LinkItem>
          </List>
        )}
        <EmptyState text={t(conversationID ? 'finder.chatMessagesHint' : 'finder.messagesHint')} />
      </>
    );
  else if (search.failed) body = retry(t('finder.failed'));
  else if (search.loading && search.results.length === 0) body = <PageLoading />;
  else if (search.results.length === 0)
    body = search.serverFailed ? (
      retry(t('finder.failed'))
    ) : (
      <EmptyState text={t('finder.noResults', { keyword: search.keyword })} />
    );
  else
    body = (
      <section aria-label={t('finder.results')}>
        <List>
          {search.results.map((message) => (
            <SearchResultRow
              key={message.clientMsgID}
              message={message}
              keyword={search.keyword}
              chatName={conversationID ? undefined : chatName(message.conversationID)}
              onOpen={open}
            />
          ))}
        </List>
        {search.serverFailed && retry(t('finder.serverFailed'))}
        {search.hasMore && (
          <InfiniteScroll loadMore={search.loadMore} hasMore={search.hasMore}>
            {t('finder.loadingMore')}
          </InfiniteScroll>
        )}
      </section>
    );

  return (
    <Page title={t(conversationID ? 'finder.chatMessagesTitle' : 'finder.messagesTitle')}>
      <SearchBox
        role="search"
        label={t('finder.messagesLabel')}
        placeholder={t('finder.messagesPlaceholder')}
        value={input}
        onChange={setInput}
      />
      {body}
    </Page>
  );
}
