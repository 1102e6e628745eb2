import { useMemo, useState } from 'react';
import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { HighlightText } from '../../components/highlight-text';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { SearchBox } from '../../components/search-box';
import { useContactStore } from '../../stores/contact-store';
import { searchContacts } from '../../utils/contact-search';
import { displayName } from '../../utils/display-name';
import { paths } from '../../router/paths';

/**
 * /searchFriendOrGroup: own friends by nickname or remark and joined groups by name, from the lists
 * the app holds, filtered as the user types (docs/product.md#search). A friend opens their card, a
 * group its chat.
 */
export function SearchFriendOrGroupPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const friendList = useContactStore((s) => s.friendList);
  const groupList = useContactStore((s) => s.groupList);
  const loaded = useContactStore((s) => s.loaded && s.groupsLoaded);
  const { friends, groups } = useMemo(
    () => searchContacts(friendList, groupList, keyword),
    [friendList, groupList, keyword],
  );
  const typed = keyword.trim();

  let body;
  if (!typed) body = <EmptyState text={t('finder.contactsHint')} />;
  else if (!loaded && friends.length === 0 && groups.length === 0) body = <PageLoading />;
  else if (friends.length === 0 && groups.length === 0)
    body = <EmptyState text={t('finder.noResults', { keyword: typed })} />;
  else
    body = (
      <>
        {friends.length > 0 && (
          <section aria-label={t('finder.friends')}>
            <List header={t('finder.friends')}>
              {friends.map((friend) => (
                <LinkItem
                  key={friend.userID}
                  to={paths.userCard({ userID: friend.userID })}
                  prefix={<Avatar name={displayName(friend)} src={friend.faceURL} size={40} />}
                  description={
                    friend.remark ? (
                      <HighlightText
                        text={t('finder.remarkOf', { nickname: friend.nickname })}
                        keyword={typed}
                      />
                    ) : undefined
                  }
                >
                  <HighlightText text={displayName(friend)} keyword={typed} />
                </LinkItem>
              ))}
            </List>
          </section>
        )}
        {groups.length > 0 && (
          <section aria-label={t('finder.groups')}>
            <List header={t('finder.groups')}>
              {groups.map((group) => (
                <LinkItem
                  key={group.groupID}
                  to={paths.chat({ groupID: group.groupID })}
                  prefix={<Avatar name={group.groupName || group.groupID} src={group.faceURL} size={40} />}
                  description={t('group.memberCount', { count: group.memberCount })}
                >
                  <HighlightText text={group.groupName || group.groupID} keyword={typed} />
                </LinkItem>
              ))}
            </List>
          </section>
        )}
      </>
    );

  return (
    <Page title={t('pages.searchFriendOrGroup')}>
      <SearchBox
        role="search"
        label={t('finder.contactsLabel')}
        placeholder={t('finder.contactsPlaceholder')}
        value={keyword}
        onChange={setKeyword}
      />
      {body}
    </Page>
  );
}
