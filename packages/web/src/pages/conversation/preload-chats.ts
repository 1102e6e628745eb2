import { useEffect } from 'react';
import type { ConversationItem } from '@im/protocol';
import { im } from '../../sdk/im';
import { afterFirstScreen } from '../../router/first-screen';

/** How many chats at the top of the list have their newest page read ahead. */
const TOP_CHATS = 6;

/**
 * Reads the newest page of these chats into the sdk's memory (docs/sdk.md#timeline), so that a tap
 * opens one without waiting for the store. Only a missed chance when it fails.
 */
export function preloadChats(conversationIDs: string[]): void {
  try {
    im.messages.preloadNewestPages(conversationIDs).catch(() => undefined);
  } catch {
    // Not logged in (any more): nothing to read.
  }
}

/** Once the list is shown, its top chats are read ahead, after the first screen's own work. */
export function usePreloadTopChats(conversations: readonly ConversationItem[], shown: boolean): void {
  const top = conversations
    .slice(0, TOP_CHATS)
    .map((item) => item.conversationID)
    .join(' ');
  useEffect(() => {
    if (shown && top) afterFirstScreen(() => preloadChats(top.split(' ')));
  }, [shown, top]);
}
