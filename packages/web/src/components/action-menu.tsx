import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { useOpenedOnce } from '../hooks/use-opened-once';
import styles from './sheet.module.css';

export interface MenuItem<K extends string> {
  key: K;
  label: string;
  danger?: boolean;
}

interface Props<K extends string> {
  /** The menu's name (and visible title); null items: closed. */
  title: string;
  /** False: the title only names the menu (the message menu shows none). */
  showTitle?: boolean;
  items: MenuItem<K>[] | null;
  onPick: (key: K) => void;
  onClose: () => void;
  /** Above the items (the message menu's row of reactions). */
  top?: ReactNode;
}

/**
 * A bottom sheet of actions: an antd-mobile Popup holding a real menu (role menu named by `title`,
 * holding only its menuitem buttons) rather than ActionSheet's unnamed option links. Picking closes it.
 */
export function ActionMenu<K extends string>({
  title,
  showTitle = true,
  items,
  onPick,
  onClose,
  top,
}: Props<K>) {
  const { t } = useTranslation();
  const opened = useOpenedOnce(items !== null);
  if (!opened) return null;
  return (
    <Popup
      visible={items !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={styles.menu}>
        {showTitle && <h2 className={styles.title}>{title}</h2>}
        {/* Only menu items (and the reactions' group) inside the menu; the title and Cancel stand beside it. */}
        <div role="menu" aria-label={title} className={styles.items}>
          {top}
          {(items ?? []).map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={item.danger ? `${styles.item} ${styles.danger}` : styles.item}
              onClick={() => {
                onClose();
                onPick(item.key);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
        <button type="button" className={`${styles.item} ${styles.cancel}`} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}
