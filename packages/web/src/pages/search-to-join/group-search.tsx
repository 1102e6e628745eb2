import { useTranslation } from '../../i18n/use-translation';
import type { PublicGroupCard } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { LinkItem } from '../../components/list-items';
import { im } from '../../sdk/im';
import { ExactSearch } from './exact-search';
import { paths } from '../../router/paths';

/**
 * A group by its exact ID (searchGroup answers its public card to anyone): the result links to the
 * group's card (/groupCard), where one joins or applies; none: "No group found"; a failure: the
 * "Search failed" toast (docs/product.md#error-texts).
 */
export function GroupSearch() {
  const { t } = useTranslation();
  return (
    <ExactSearch<PublicGroupCard>
      label={t('groupSearch.label')}
      placeholder={t('groupSearch.placeholder')}
      noResult={t('groupSearch.noGroup')}
      find={(text) => im.groups.searchGroup(text)}
      failureLog="group search failed"
      item={(group) => {
        const name = group.groupName || group.groupID;
        return (
          <LinkItem
            key={group.groupID}
            to={paths.groupCard({ groupID: group.groupID })}
            prefix={<Avatar name={name} src={group.faceURL} size={40} />}
            description={t('group.memberCount', { count: group.memberCount })}
          >
            {name}
          </LinkItem>
        );
      }}
    />
  );
}
