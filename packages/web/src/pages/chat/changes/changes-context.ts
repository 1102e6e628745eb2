import { createContext } from 'react';
import type { MessageItem } from '@im/protocol';

/**
 * What the chat offers a message's reactions (docs/product.md#edits-and-reactions): toggling one of
 * the user's own, and the sheet of who reacted. Null outside a chat: the chips only show the counts.
 */
export interface ChangesActions {
  selfID: string;
  toggleReaction: (message: MessageItem, emoji: string) => void;
  showReactors: (message: MessageItem) => void;
}

export const ChangesContext = createContext<ChangesActions | null>(null);

/** Whether the user has put this emoji on the message. */
export function hasReacted(message: MessageItem, selfID: string, emoji: string): boolean {
  return Boolean(message.reactions?.some((r) => r.emoji === emoji && r.userIDs.includes(selfID)));
}
