import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { useSelfID } from '../../hooks/use-self-id';
import { parseChatTarget } from '../../router/chat-target';
import { SingleSettings } from './single-settings';

/** /singleSetting?conversationID=… (or ?userID=…): settings of a one-to-one chat. */
export function SingleSettingPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const selfID = useSelfID();
  const target = parseChatTarget(query, selfID);
  return (
    <Page title={t('pages.singleSetting')}>
      {target?.userID ? (
        <SingleSettings key={target.conversationID} target={target} />
      ) : (
        <EmptyState text={t('empty.settings')} />
      )}
    </Page>
  );
}
