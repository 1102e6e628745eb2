import { Link } from 'react-router';
import { Badge, List } from 'antd-mobile';
import {
  AddCircleOutline,
  TeamOutline,
  UserAddOutline,
  UserContactOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { useContactStore } from '../../stores/contact-store';
import { formatBadge } from '../../utils/format-badge';

/** /contact: entries to applications, friends and groups, then the friends (the contacts issue fills them). */
export function ContactPage() {
  const { t } = useTranslation();
  const friendApplications = useContactStore((s) => s.unHandleFriendApplicationNum);
  const groupApplications = useContactStore((s) => s.unHandleGroupApplicationNum);
  const friends = useContactStore((s) => s.friendList);
  const add = (
    <Link to="/contactAdd" className="text-button" aria-label={t('contact.add')}>
      <AddCircleOutline fontSize={22} aria-hidden="true" />
    </Link>
  );
  const badge = (count: number) => {
    const content = formatBadge(count);
    return content ? <Badge content={content} /> : null;
  };
  return (
    <Page title={t('contact.title')} back={false} right={add}>
      <List>
        <LinkItem
          to="/newFriend"
          prefix={<UserAddOutline aria-hidden="true" />}
          extra={badge(friendApplications)}
        >
          {t('contact.newFriends')}
        </LinkItem>
        <LinkItem
          to="/newGroup"
          prefix={<UserSetOutline aria-hidden="true" />}
          extra={badge(groupApplications)}
        >
          {t('contact.groupNotifications')}
        </LinkItem>
        <LinkItem to="/myFriend" prefix={<UserContactOutline aria-hidden="true" />}>
          {t('contact.myFriends')}
        </LinkItem>
        <LinkItem to="/myGroup" prefix={<TeamOutline aria-hidden="true" />}>
          {t('contact.myGroups')}
        </LinkItem>
      </List>
      {friends.length === 0 ? (
        <EmptyState text={t('contact.empty')} />
      ) : (
        <List>
          {friends.map((f) => (
            <List.Item
              key={f.userID}
              prefix={<Avatar name={f.remark || f.nickname} src={f.faceURL} size={40} />}
            >
              {f.remark || f.nickname}
            </List.Item>
          ))}
        </List>
      )}
    </Page>
  );
}
