import { Link } from 'react-router';
import { TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { GroupApplications } from '../../components/group-applications';
import { Page } from '../../components/page';
import { paths } from '../../router/paths';

/**
 * /newGroup (the "Group notifications" entry of /contact): group applications received (by the
 * owner and admins, who accept or reject them) and sent; opening it clears them from the tab badge.
 */
export function NewGroupPage() {
  const { t } = useTranslation();
  const join = (
    <Link
      to={paths.searchToJoin({ isGroup: true })}
      className="text-button"
      aria-label={t('pages.searchGroup')}
    >
      <TeamOutline fontSize={22} aria-hidden="true" />
    </Link>
  );
  return (
    <Page title={t('pages.newGroup')} right={join}>
      <GroupApplications />
    </Page>
  );
}
