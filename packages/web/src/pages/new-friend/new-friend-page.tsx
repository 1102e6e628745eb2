import { Link } from 'react-router';
import { UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { FriendApplications } from '../../components/friend-applications';
import { Page } from '../../components/page';
import { paths } from '../../router/paths';

/** /newFriend: friend applications received and sent; opening it clears the contact tab badge. */
export function NewFriendPage() {
  const { t } = useTranslation();
  const add = (
    <Link
      to={paths.searchToJoin({ isGroup: false })}
      className="text-button"
      aria-label={t('pages.searchFriend')}
    >
      <UserAddOutline fontSize={22} aria-hidden="true" />
    </Link>
  );
  return (
    <Page title={t('pages.newFriend')} right={add}>
      <FriendApplications />
    </Page>
  );
}
