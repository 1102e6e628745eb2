import { Button } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import styles from './rich.module.css';

interface Props {
  count: number;
  onOneByOne: () => void;
  onMerged: () => void;
  onCancel: () => void;
}

/** In place of the composer while messages are being selected: how many, and what to do with them. */
export function SelectionBar({ count, onOneByOne, onMerged, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.selectionBar} role="toolbar" aria-label={t('rich.multiSelect')}>
      <span role="status">{t('rich.selectedCount', { count })}</span>
      <Button size="small" disabled={count === 0} onClick={onOneByOne}>
        {t('rich.forwardOneByOne')}
      </Button>
      <Button size="small" color="primary" disabled={count === 0} onClick={onMerged}>
        {t('rich.forwardMerged')}
      </Button>
      <Button size="small" fill="none" onClick={onCancel}>
        {t('rich.cancelSelect')}
      </Button>
    </div>
  );
}
