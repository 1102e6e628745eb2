import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from '../../components/sheet.module.css';

export interface MenuAction {
  key: 'copy' | 'revoke' | 'delete';
  danger?: boolean;
}

interface Props {
  actions: MenuAction[] | null;
  onAction: (key: MenuAction['key']) => void;
  onClose: () => void;
}

/**
 * The long-press menu of a message: an antd-mobile Popup holding a real menu (role menu, items
 * named Copy / Recall / Delete) rather than ActionSheet's option links.
 */
export function MessageMenu({ actions, onAction, onClose }: Props) {
  const { t } = useTranslation();
  const label = { copy: t('chat.copy'), revoke: t('chat.revoke'), delete: t('chat.delete') };
  return (
    <Popup
      visible={actions !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div role="menu" aria-label={t('chat.actions')} className={styles.menu}>
        {(actions ?? []).map((action) => (
          <button
            key={action.key}
            type="button"
            role="menuitem"
            className={action.danger ? `${styles.item} ${styles.danger}` : styles.item}
            onClick={() => {
              onClose();
              onAction(action.key);
            }}
          >
            {label[action.key]}
          </button>
        ))}
        <button type="button" className={`${styles.item} ${styles.cancel}`} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}
