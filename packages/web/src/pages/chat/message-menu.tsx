import { useTranslation } from 'react-i18next';
import { ActionMenu } from '../../components/action-menu';

export interface MenuAction {
  key: 'copy' | 'reply' | 'forward' | 'multiSelect' | 'revoke' | 'delete';
  danger?: boolean;
}

interface Props {
  actions: MenuAction[] | null;
  onAction: (key: MenuAction['key']) => void;
  onClose: () => void;
}

/**
 * The long-press menu of a message: an action menu named "Message actions" without a visible
 * title, its items named Copy / Reply / Forward / Multi-select / Recall / Delete.
 */
export function MessageMenu({ actions, onAction, onClose }: Props) {
  const { t } = useTranslation();
  const label = {
    copy: t('chat.copy'),
    reply: t('rich.reply'),
    forward: t('rich.forward'),
    multiSelect: t('rich.multiSelect'),
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
    />
  );
}
