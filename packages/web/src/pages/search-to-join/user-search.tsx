import { useTranslation } from '../../i18n/use-translation';
import type { UserInfo } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { LinkItem } from '../../components/list-items';
import { im } from '../../sdk/im';
import { ExactSearch } from './exact-search';
import { paths } from '../../router/paths';

/**
 * A user by ID, phone number or e-mail (exact, through the chat service's user search): the results
 * link to the user's card; none: "No user found"; a failure: the "Search failed" toast
 * (docs/product.md#error-texts).
 */
export function UserSearch() {
  const { t } = useTranslation();
  return (
    <ExactSearch<UserInfo>
      label={t('search.userLabel')}
      placeholder={t('search.userPlaceholder')}
      noResult={t('search.noUser')}
      find={async (text) => (await im.account.searchUsers(text)).users}
      failureLog="user search failed"
      item={(user) => (
        <LinkItem
          key={user.userID}
          to={paths.userCard({ userID: user.userID })}
          prefix={<Avatar name={user.nickname || user.userID} src={user.faceURL} size={40} />}
          description={t('profile.id', { id: user.userID })}
        >
          {user.nickname || user.userID}
        </LinkItem>
      )}
    />
  );
}
