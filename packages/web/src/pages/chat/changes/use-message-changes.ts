import { useCallback, useMemo, useState } from 'react';
import { ContentType, EDIT_WINDOW_MS } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { im } from '../../../sdk/im';
import { showError } from '../../../utils/show-error';
import { hasReacted } from './changes-context';
import type { ChangesActions } from './changes-context';

/** The text of a text or @-text message, as the composer edits it. */
export function editableText(message: MessageItem): string {
  return message.textElem?.content ?? message.atTextElem?.text ?? '';
}

/**
 * docs/product.md#edits-and-reactions: the user's own stored text or @-text, within 48 hours of its
 * send (the server refuses the rest with its own code anyway).
 */
export function canEdit(message: MessageItem, selfID: string, now = Date.now()): boolean {
  const isText = message.contentType === ContentType.Text || message.contentType === ContentType.AtText;
  return isText && message.sendID === selfID && message.seq > 0 && now - message.sendTime <= EDIT_WINDOW_MS;
}

/** The stored, shown messages that take reactions (not notices, not unsent ones). */
export function canReact(message: MessageItem): boolean {
  return message.seq > 0 && message.contentType < 1200;
}

/**
 * A chat's edits and reactions: the message being edited (the composer edits its text until sent
 * or cancelled), toggling a reaction, and the message whose reactors the sheet lists (looked up in
 * the shown messages, so the sheet follows later changes). Failures show the server's reason.
 */
export function useMessageChanges(selfID: string, messages: readonly MessageItem[]) {
  const [editing, setEditing] = useState<MessageItem | null>(null);
  const [text, setText] = useState('');
  const [reactorsID, setReactorsID] = useState<string | null>(null);

  const startEdit = useCallback((message: MessageItem) => {
    setEditing(message);
    setText(editableText(message));
  }, []);
  const cancelEdit = useCallback(() => {
    setEditing(null);
    setText('');
  }, []);
  const submitEdit = useCallback(
    (next: string) => {
      const message = editing;
      if (!message) return;
      cancelEdit();
      if (next === editableText(message)) return;
      const content =
        message.contentType === ContentType.AtText
          ? { ...message.atTextElem, text: next, atUserList: message.atTextElem?.atUserList ?? [] }
          : { content: next };
      im.messages
        .editMessage({ conversationID: message.conversationID, clientMsgID: message.clientMsgID, content })
        .catch((error: unknown) => showError(error, 'edit failed'));
    },
    [editing, cancelEdit],
  );

  const toggleReaction = useCallback(
    (message: MessageItem, emoji: string) => {
      const params = { conversationID: message.conversationID, clientMsgID: message.clientMsgID, emoji };
      const call = hasReacted(message, selfID, emoji)
        ? im.messages.removeReaction(params)
        : im.messages.addReaction(params);
      call.catch((error: unknown) => showError(error, 'reaction failed'));
    },
    [selfID],
  );

  const actions = useMemo<ChangesActions>(
    () => ({ selfID, toggleReaction, showReactors: (m) => setReactorsID(m.clientMsgID) }),
    [selfID, toggleReaction],
  );
  const reactorsOf = reactorsID ? (messages.find((m) => m.clientMsgID === reactorsID) ?? null) : null;

  return {
    editing,
    text,
    setText,
    startEdit,
    cancelEdit,
    submitEdit,
    toggleReaction,
    actions,
    reactorsOf,
    closeReactors: () => setReactorsID(null),
  };
}
