import { useCallback, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ContentType } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { im } from '../../sdk/im';
import { showActionError } from '../../utils/failure-toast';
import type { MenuAction } from './message-menu';

/** The rich-message flows the menu starts (use-rich-chat.ts). */
export interface RichMenuActions {
  reply: (message: MessageItem) => void;
  forward: (message: MessageItem) => void;
  multiSelect: (message: MessageItem) => void;
}

/**
 * Copy (text), reply, forward and multi-select (stored messages), recall (own stored messages),
 * delete on this device: the long-press menu's work.
 */
export function useMessageMenu(selfID: string, rich?: RichMenuActions) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<MessageItem | null>(null);

  const open = useCallback((message: MessageItem) => setTarget(message), []);
  const close = useCallback(() => setTarget(null), []);

  let actions: MenuAction[] | null = null;
  if (target) {
    const isText = target.contentType === ContentType.Text || target.contentType === ContentType.AtText;
    const canRevoke = target.sendID === selfID && target.seq > 0 && target.contentType !== ContentType.Revoke;
    const stored = target.seq > 0;
    actions = [
      ...(isText ? [{ key: 'copy' } as const] : []),
      ...(rich && stored ? ([{ key: 'reply' }, { key: 'forward' }] as const) : []),
      ...(rich ? [{ key: 'multiSelect' } as const] : []),
      ...(canRevoke ? [{ key: 'revoke' } as const] : []),
      { key: 'delete', danger: true },
    ];
  }

  const run = useCallback(
    (key: MenuAction['key']) => {
      const message = target;
      if (!message) return;
      if (rich && (key === 'reply' || key === 'forward' || key === 'multiSelect')) {
        rich[key](message);
      } else if (key === 'copy') {
        const text = message.textElem?.content ?? message.atTextElem?.text ?? '';
        // No clipboard outside a secure context (plain http): that is a failed copy too.
        (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard')))
          .then(() => Toast.show({ icon: 'success', content: t('common.copySuccess') }))
          .catch(() => Toast.show({ icon: 'fail', content: t('common.copyFailed') }));
      } else if (key === 'revoke') {
        im.messages
          .revokeMessage({ conversationID: message.conversationID, clientMsgID: message.clientMsgID })
          .catch((error: unknown) => showActionError(error, 'revoke failed'));
      } else {
        // The sdk drops it from the timeline; an unsent one is no longer sent.
        im.messages
          .deleteMessageFromLocalStorage({
            conversationID: message.conversationID,
            clientMsgID: message.clientMsgID,
          })
          .catch((error: unknown) => console.warn('local delete failed', error));
      }
    },
    [target, t, rich],
  );

  return { actions, open, close, run };
}
