import { useCallback } from 'react';
import { im } from '../../sdk/im';
import { buildAtMessage } from '../../utils/at-mentions';
import type { Mention } from '../../utils/at-mentions';
import { showActionError } from '../../utils/failure-toast';
import type { ChatTarget } from '../../router/chat-target';

/**
 * Sending text. The sdk holds the message from the call on (its timeline shows it Sending, then
 * stored or Failed); a failed one is resent by its clientMsgID (same id: the server stores it once).
 * `onFailed` hears why a send failed (the composer's blocked placeholder).
 */
export function useSendMessage(target: ChatTarget, onFailed?: (error: unknown) => void) {
  const failed = useCallback(
    (error: unknown) => {
      showActionError(error, 'send failed');
      onFailed?.(error);
    },
    [onFailed],
  );

  /** A text, or in a group an at-text (106) when it still names members picked in the @ picker. */
  const sendText = useCallback(
    (text: string, mentions: Mention[] = []) => {
      const at = target.groupID ? buildAtMessage(text, mentions) : null;
      const message = at ? im.messages.createTextAtMessage(at) : im.messages.createTextMessage(text);
      im.messages.sendMessage({ recvID: target.userID, groupID: target.groupID, message }).catch(failed);
    },
    [target.groupID, target.userID, failed],
  );

  const resend = useCallback(
    (clientMsgID: string) => {
      im.messages.resendMessage(clientMsgID).catch(failed);
    },
    [failed],
  );

  return { sendText, resend };
}
