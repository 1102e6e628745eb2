import { CONVERSATION_PAGE_SIZE } from '@im/protocol';
import { im } from '../sdk/im';
import { hasMorePages } from '../utils/conversation-list';
import { useConversationStore } from './conversation-store';

let loadingPage: Promise<void> | null = null;
/** The reload from the top in flight, if any. */
let reloading: Promise<boolean> | null = null;

/**
 * The next page of 20 (docs/product.md#conversations), merged; failures are only logged
 * (docs/product.md#error-texts).
 */
export function loadMoreConversations(): Promise<void> {
  // The list's first page while start-up's reload of it is on its way: the same request, asked once.
  if (reloading && useConversationStore.getState().conversationList.length === 0)
    return reloading.then(() => undefined);
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
 * `afterSync`: the sync has just read the whole list into the sdk's store, so the store answers
 * without another request (docs/sdk.md#sync-rules).
 */
export function reloadConversations(afterSync = false): Promise<boolean> {
  const reload = (async () => {
    const { conversationList, setConversationList, setPaging } = useConversationStore.getState();
    const count = Math.max(CONVERSATION_PAGE_SIZE, conversationList.length);
    try {
      const page = afterSync
        ? await im.conversations.getStoredConversationListSplit(0, count)
        : await im.conversations.getConversationListSplit(0, count);
      setConversationList(page);
      setPaging({ hasMore: hasMorePages(page.length, count), loaded: true });
      return true;
    } catch (error) {
      console.error('loading conversations failed', error);
      return false;
    }
  })();
  reloading = reload;
  void reload.finally(() => {
    if (reloading === reload) reloading = null;
  });
  return reload;
}

/** The total unread count; answers whether it was stored. `afterSync`: from the sdk's store, as above. */
export async function loadUnreadCount(afterSync = false): Promise<boolean> {
  try {
    useConversationStore
      .getState()
      .setUnreadCount(
        afterSync
          ? await im.conversations.getStoredTotalUnreadMsgCount()
          : await im.conversations.getTotalUnreadMsgCount(),
      );
    return true;
  } catch (error) {
    console.error('loading the unread count failed', error);
    return false;
  }
}
