import { useMemo } from 'react';
import { IndexBar, List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useContactStore } from '../../stores/contact-store';
import { displayName } from '../../utils/display-name';
import { groupByLetter } from '../../utils/friend-letters';
import { paths } from '../../router/paths';

/**
 * /myFriend: friends in an index bar grouped by first letter (pinyin for Chinese, # for others,
 * docs/product.md#avatars-and-contacts-list), each group a region named by its letter; a row opens
 * the friend's card.
 */
export function MyFriendPage() {
  const { t } = useTranslation();
  const friends = useContactStore((s) => s.friendList);
  const loaded = useContactStore((s) => s.loaded);
  const groups = useMemo(() => groupByLetter(friends, displayName), [friends]);

  let body;
  if (!loaded && friends.length === 0) body = <PageLoading />;
  else if (friends.length === 0) body = <EmptyState text={t('empty.friends')} />;
  else
    body = (
      <IndexBar>
        {groups.map(({ letter, items }) => (
          <IndexBar.Panel index={letter} title={letter} key={letter}>
            <section aria-label={letter}>
              <List>
                {items.map((friend) => (
                  <LinkItem
                    key={friend.userID}
                    to={paths.userCard({ userID: friend.userID })}
                    prefix={<Avatar name={displayName(friend)} src={friend.faceURL} size={40} />}
                  >
                    {displayName(friend)}
                  </LinkItem>
                ))}
              </List>
            </section>
          </IndexBar.Panel>
        ))}
      </IndexBar>
    );

  return <Page title={t('pages.myFriend')}>{body}</Page>;
}
