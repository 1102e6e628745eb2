import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';
import type { MessageItem } from '@im/protocol';
import type { BodyProps } from './body-props';

/**
 * What a body needs from the open chat: the messages loaded now (a quote checks its original there)
 * and scrolling to one of them. Outside a chat (the read-only merged view) nothing is loaded.
 */
export interface ChatView {
  find: (clientMsgID: string) => MessageItem | undefined;
  scrollTo: (clientMsgID: string) => void;
}

export const ChatViewContext = createContext<ChatView>({ find: () => undefined, scrollTo: () => {} });

export const useChatView = () => useContext(ChatViewContext);

/** The rows' state in the chat: multi-select (with the picked clientMsgIDs) and the highlighted row. */
export interface RowState {
  selecting: boolean;
  selected: ReadonlySet<string>;
  toggle: (clientMsgID: string) => void;
  highlightID: string | null;
}

export const RowStateContext = createContext<RowState>({
  selecting: false,
  selected: new Set(),
  toggle: () => {},
  highlightID: null,
});

/**
 * The renderer of a whole body, handed down by message-body.tsx so a merged view can show the
 * bodies of its messages without importing the table that contains it.
 */
export const BodyRendererContext = createContext<ComponentType<BodyProps> | null>(null);
