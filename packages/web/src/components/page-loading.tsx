import { DotLoading } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';

/** What shows while a screen's code loads or the stored session logs in. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-label={t('common.loading')}>
      <DotLoading color="primary" />
    </div>
  );
}
