import { useTranslation } from '../../i18n/use-translation';
import { ActionMenu } from '../../components/action-menu';
import { ReactionRow } from './changes/reaction-row';

export interface MenuAction {
  key: 'copy' | 'reply' | 'forward' | 'multiSelect' | 'edit' | 'revoke' | 'delete';
  danger?: boolean;
}

interface Props {
  actions: MenuAction[] | null;
  onAction: (key: MenuAction['key']) => void;
  onClose: () => void;
  /** The reactions row (a stored message): the emojis the user already put on it, and the pick. */
  reactions?: { mine: string[]; onReact: (emoji: string) => void } | null;
}

/**
 * The long-press menu of a message: an action menu named "Message actions" without a visible
 * title, its items named Copy / Reply / Forward / Multi-select / Edit / Recall / Delete, under a
 * row of reactions (docs/product.md#edits-and-reactions).
 */
export function MessageMenu({ actions, onAction, onClose, reactions }: Props) {
  const { t } = useTranslation();
  const label = {
    copy: t('chat.copy'),
    reply: t('rich.reply'),
    forward: t('rich.forward'),
    multiSelect: t('rich.multiSelect'),
    edit: t('changes.edit'),
    revoke: t('chat.revoke'),
    delete: t('chat.delete'),
  };
  return (
    <ActionMenu
      title={t('chat.actions')}
      showTitle={false}
      items={actions?.map((action) => ({ ...action, label: label[action.key] })) ?? null}
      onPick={onAction}
      onClose={onClose}
      top={
        reactions && (
          <ReactionRow
            mine={reactions.mine}
            onReact={(emoji) => {
              onClose();
              reactions.onReact(emoji);
            }}
          />
        )
      }
    />
  );
}
