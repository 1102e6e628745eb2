import { useCallback, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { ContentType, isNotification } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { im } from '../../sdk/im';
import { showActionError } from '../../utils/failure-toast';
import type { MenuAction } from './message-menu';
import { canEdit, canReact } from './changes/use-message-changes';

/** The rich-message flows the menu starts (use-rich-chat.ts). */
export interface RichMenuActions {
  reply: (message: MessageItem) => void;
  forward: (message: MessageItem) => void;
  multiSelect: (message: MessageItem) => void;
}

/** Edits and reactions the menu starts (changes/use-message-changes.ts). */
export interface ChangeMenuActions {
  startEdit: (message: MessageItem) => void;
  toggleReaction: (message: MessageItem, emoji: string) => void;
}

/**
 * Copy (text), reply, forward and multi-select (stored messages), recall (own stored messages, and in
 * a group others' where the user's role allows: `mayRevokeOthers`),
 * edit (own recent texts), reactions (stored messages), delete on this device: the long-press menu's work.
 */
export function useMessageMenu(
  selfID: string,
  rich?: RichMenuActions,
  changes?: ChangeMenuActions,
  mayRevokeOthers?: (message: MessageItem) => boolean,
) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<MessageItem | null>(null);

  const open = useCallback((message: MessageItem) => setTarget(message), []);
  const close = useCallback(() => setTarget(null), []);

  let actions: MenuAction[] | null = null;
  let reactions: { mine: string[]; onReact: (emoji: string) => void } | null = null;
  if (target && changes && canReact(target)) {
    const mine = (target.reactions ?? []).filter((r) => r.userIDs.includes(selfID)).map((r) => r.emoji);
    reactions = { mine, onReact: (emoji) => changes.toggleReaction(target, emoji) };
  }
  if (target) {
    const isText = target.contentType === ContentType.Text || target.contentType === ContentType.AtText;
    const revocable = target.seq > 0 && !isNotification(target.contentType);
    const canRevoke = revocable && (target.sendID === selfID || (mayRevokeOthers?.(target) ?? false));
    const stored = target.seq > 0;
    // A burn-after-reading message is never copied, quoted or forwarded: no copy may outlive it
    // (docs/product.md#burn-after-reading).
    const burns = Boolean(target.burnDuration);
    actions = [
      ...(isText && !burns ? [{ key: 'copy' } as const] : []),
      ...(rich && stored && !burns ? ([{ key: 'reply' }, { key: 'forward' }] as const) : []),
      ...(rich && !burns ? [{ key: 'multiSelect' } as const] : []),
      ...(changes && canEdit(target, selfID) ? [{ key: 'edit' } as const] : []),
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
      } else if (key === 'edit') {
        changes?.startEdit(message);
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
    [target, t, rich, changes],
  );

  return { actions, reactions, open, close, run };
}
