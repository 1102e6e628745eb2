import { useCallback, useRef } from 'react';
import { MessageStatus, SessionType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { im } from '../../sdk/im';
import { buildAtMessage } from '../../utils/at-mentions';
import type { Mention } from '../../utils/at-mentions';
import { showError } from '../../utils/show-error';
import type { ChatTarget } from '../../router/chat-target';

/**
 * Sending text: the message shows at once (Sending), then as stored or Failed. A failed message is
 * resent with the very object sendMessage had (the sdk resends the same clientMsgID, so a resend
 * never doubles it). `onFailed` hears why a send failed (the composer's blocked placeholder).
 */
export function useSendMessage(
  target: ChatTarget,
  put: (message: MessageItem) => void,
  onFailed?: (error: unknown) => void,
) {
  const originals = useRef(new Map<string, MessageItem>());

  const deliver = useCallback(
    async (message: MessageItem) => {
      const shown: MessageItem = {
        ...message,
        conversationID: target.conversationID,
        recvID: target.userID,
        groupID: target.groupID,
        sessionType: target.groupID ? SessionType.Group : SessionType.Single,
      };
      put({ ...shown, status: MessageStatus.Sending });
      try {
        const stored = await im.sendMessage({ recvID: target.userID, groupID: target.groupID, message });
        originals.current.delete(message.clientMsgID);
        put({ ...shown, ...stored, status: MessageStatus.Succeeded });
      } catch (error) {
        put({ ...shown, status: MessageStatus.Failed });
        showError(error, 'send failed');
        onFailed?.(error);
      }
    },
    [target, put, onFailed],
  );

  /** A text, or in a group an at-text (106) when it still names members picked in the @ picker. */
  const sendText = useCallback(
    (text: string, mentions: Mention[] = []) => {
      const at = target.groupID ? buildAtMessage(text, mentions) : null;
      const message = at ? im.createTextAtMessage(at) : im.createTextMessage(text);
      originals.current.set(message.clientMsgID, message);
      void deliver(message);
    },
    [deliver, target.groupID],
  );

  const resend = useCallback(
    (clientMsgID: string) => {
      const message = originals.current.get(clientMsgID);
      if (message) void deliver(message);
    },
    [deliver],
  );

  return { sendText, resend };
}
