import { List } from 'antd-mobile';
import { AddSquareOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';

/** /contactAdd: the ways to add someone: a friend by ID, a group by ID, a new group. */
export function ContactAddPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.contactAdd')}>
      <List>
        <LinkItem to="/searchToJoin?isGroup=false" prefix={<UserAddOutline aria-hidden="true" />}>
          {t('pages.searchFriend')}
        </LinkItem>
        <LinkItem to="/searchToJoin?isGroup=true" prefix={<TeamOutline aria-hidden="true" />}>
          {t('pages.searchGroup')}
        </LinkItem>
        <LinkItem to="/createGroup?groupType=0" prefix={<AddSquareOutline aria-hidden="true" />}>
          {t('pages.createGroup')}
        </LinkItem>
      </List>
    </Page>
  );
}
