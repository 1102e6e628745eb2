import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './changes.module.css';

/** Above the composer while editing a message: what is being edited, and a button to stop. */
export function EditBar({ original, onCancel }: { original: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.editBar} role="status">
      <span className={styles.editText}>
        {t('changes.editing')}: {original}
      </span>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('changes.cancelEdit')}
        onClick={onCancel}
      >
        <CloseOutline aria-hidden="true" />
      </button>
    </div>
  );
}
