import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { Page } from '../../components/page';
import { GroupSearch } from './group-search';
import { UserSearch } from './user-search';

/**
 * /searchToJoin: find a user or a group by ID (query isGroup; 'true' means group,
 * docs/product.md#routes).
 */
export function SearchToJoinPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isGroup = params.get('isGroup') === 'true';
  return (
    <Page title={t(isGroup ? 'pages.searchGroup' : 'pages.searchFriend')}>
      {isGroup ? <GroupSearch /> : <UserSearch />}
    </Page>
  );
}
