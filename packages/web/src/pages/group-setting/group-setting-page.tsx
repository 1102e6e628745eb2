import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { GroupSettings } from './group-settings';

/**
 * /groupSetting?groupID=…: a group chat's settings (kept alive like /chat,
 * docs/product.md#shell-behaviour). Another group is another screen (keyed), so nothing of one group
 * leaks into the next.
 */
export function GroupSettingPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const groupID = query.get('groupID') ?? '';
  return (
    <Page title={t('pages.groupSetting')}>
      {groupID ? <GroupSettings key={groupID} groupID={groupID} /> : <EmptyState text={t('empty.group')} />}
    </Page>
  );
}
