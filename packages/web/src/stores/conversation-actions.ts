import { CONVERSATION_PAGE_SIZE } from '@im/protocol';
import { im } from '../sdk/im';
import { hasMorePages } from '../utils/conversation-list';
import { useConversationStore } from './conversation-store';

let loadingPage: Promise<void> | null = null;

/**
 * The next page of 20 (docs/product.md#conversations), merged; failures are only logged
 * (docs/product.md#error-texts).
 */
export function loadMoreConversations(): Promise<void> {
  loadingPage ??= (async () => {
    const { conversationList, applyConversations, setPaging } = useConversationStore.getState();
    try {
      const page = await im.conversations.getConversationListSplit(
        conversationList.length,
        CONVERSATION_PAGE_SIZE,
      );
      applyConversations(page);
      setPaging({ hasMore: hasMorePages(page.length), loaded: true });
    } catch (error) {
      console.error('loading conversations failed', error);
      setPaging({ hasMore: false, loaded: true });
    }
  })().finally(() => {
    loadingPage = null;
  });
  return loadingPage;
}

/**
 * The list again from the top, as many rows as are shown (after login and after each sync,
 * docs/product.md#sync): it replaces the list, so conversations gone on the server go here too.
 */
export async function reloadConversations(): Promise<boolean> {
  const { conversationList, setConversationList, setPaging } = useConversationStore.getState();
  const count = Math.max(CONVERSATION_PAGE_SIZE, conversationList.length);
  try {
    const page = await im.conversations.getConversationListSplit(0, count);
    setConversationList(page);
    setPaging({ hasMore: hasMorePages(page.length, count), loaded: true });
    return true;
  } catch (error) {
    console.error('loading conversations failed', error);
    return false;
  }
}

/** The total unread count; answers whether it was stored. */
export async function loadUnreadCount(): Promise<boolean> {
  try {
    useConversationStore.getState().setUnreadCount(await im.conversations.getTotalUnreadMsgCount());
    return true;
  } catch (error) {
    console.error('loading the unread count failed', error);
    return false;
  }
}
