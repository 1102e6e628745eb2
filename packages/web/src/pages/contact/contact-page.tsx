import { Link } from 'react-router';
import { Badge, List } from 'antd-mobile';
import {
  AddCircleOutline,
  SearchOutline,
  TeamOutline,
  UserAddOutline,
  UserContactOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { HandleResult } from '@im/protocol';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { useContactStore } from '../../stores/contact-store';
import { formatBadge } from '../../utils/format-badge';
import { paths } from '../../router/paths';

/**
 * /contact: new friends (with the number of pending received applications), group notifications
 * (pending received group applications), my friends and my groups. The tab's own badge counts only
 * the applications not opened yet.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const pendingFriends = useContactStore(
    (s) => s.recvFriendApplicationList.filter((a) => a.handleResult === HandleResult.Pending).length,
  );
  const groupApplications = useContactStore(
    (s) => s.recvGroupApplicationList.filter((a) => a.handleResult === HandleResult.Pending).length,
  );
  const add = (
    <>
      <Link to={paths.searchFriendOrGroup()} className="text-button" aria-label={t('finder.contactsLabel')}>
        <SearchOutline fontSize={22} aria-hidden="true" />
      </Link>
      <Link to={paths.contactAdd()} className="text-button" aria-label={t('contact.add')}>
        <AddCircleOutline fontSize={22} aria-hidden="true" />
      </Link>
    </>
  );
  const badge = (count: number) => {
    const content = formatBadge(count);
    return content ? <Badge content={content} aria-label={t('contact.pending', { count })} /> : null;
  };
  return (
    <Page title={t('contact.title')} back={false} right={add}>
      <List>
        <LinkItem
          to={paths.newFriend()}
          prefix={<UserAddOutline aria-hidden="true" />}
          extra={badge(pendingFriends)}
        >
          {t('contact.newFriends')}
        </LinkItem>
        <LinkItem
          to={paths.newGroup()}
          prefix={<UserSetOutline aria-hidden="true" />}
          extra={badge(groupApplications)}
        >
          {t('contact.groupNotifications')}
        </LinkItem>
        <LinkItem to={paths.myFriend()} prefix={<UserContactOutline aria-hidden="true" />}>
          {t('contact.myFriends')}
        </LinkItem>
        <LinkItem to={paths.myGroup()} prefix={<TeamOutline aria-hidden="true" />}>
          {t('contact.myGroups')}
        </LinkItem>
      </List>
    </Page>
  );
}
