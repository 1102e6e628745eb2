import { Link } from 'react-router';
import { List } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useContactStore } from '../../stores/contact-store';
import { paths } from '../../router/paths';

/**
 * /myGroup: the joined groups (read in pages of 1000, docs/product.md#limits-and-constants, kept live
 * by the core's events), each row a link named by the group to its chat (/chat?groupID=…); "Create
 * group" in the header.
 */
export function MyGroupPage() {
  const { t } = useTranslation();
  const groups = useContactStore((s) => s.groupList);
  const loaded = useContactStore((s) => s.groupsLoaded);
  const create = (
    <Link to={paths.createGroup()} className="text-button" aria-label={t('myGroup.create')}>
      <AddCircleOutline fontSize={22} aria-hidden="true" />
    </Link>
  );

  let body;
  if (!loaded && groups.length === 0) body = <PageLoading />;
  else if (groups.length === 0) body = <EmptyState text={t('empty.groups')} />;
  else
    body = (
      <section aria-label={t('myGroup.list')}>
        <List>
          {groups.map((group) => {
            const name = group.groupName || group.groupID;
            return (
              <LinkItem
                key={group.groupID}
                to={paths.chat({ groupID: group.groupID })}
                prefix={<Avatar name={name} src={group.faceURL} size={40} />}
                description={t('group.memberCount', { count: group.memberCount })}
              >
                {name}
              </LinkItem>
            );
          })}
        </List>
      </section>
    );

  return (
    <Page title={t('pages.myGroup')} right={create}>
      {body}
    </Page>
  );
}
