import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { parseJsonBoolean } from '../../utils/base-data';

/**
 * /sendApplication: a friend request or a group application (query isGroup, sourceID, isScan,
 * notNeedVerification as JSON booleans, sessionType as number).
 */
export function SendApplicationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isGroup = parseJsonBoolean(params.get('isGroup'));
  return (
    <Page title={t(isGroup ? 'pages.sendGroupApplication' : 'pages.sendFriendApplication')}>
      <EmptyState text={t('empty.user')} />
    </Page>
  );
}
