import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { FriendApplicationForm } from './friend-application-form';
import { GroupApplicationForm } from './group-application-form';
import { parseSendApplicationQuery } from '../../router/send-application-query';

/**
 * /sendApplication: a friend request or a group application (query isGroup, sourceID, isScan,
 * notNeedVerification as JSON booleans, sessionType as number). sourceID is the user or the group;
 * isScan makes a group application a QR code join (joinSource 4), notNeedVerification joins a group
 * anyone may join at once, without a reason to write.
 */
export function SendApplicationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = parseSendApplicationQuery(params);
  if (!query.sourceID) {
    return (
      <Page title={t(query.isGroup ? 'pages.sendGroupApplication' : 'pages.sendFriendApplication')}>
        <EmptyState text={t(query.isGroup ? 'empty.group' : 'empty.user')} />
      </Page>
    );
  }
  if (query.isGroup)
    return (
      <GroupApplicationForm
        groupID={query.sourceID}
        isScan={Boolean(query.isScan)}
        notNeedVerification={Boolean(query.notNeedVerification)}
      />
    );
  // A friend request always waits for the other side, and carries no source: both flags are the
  // group's (docs/product.md#routes); a scanned user's card comes back to the card it came from.
  return <FriendApplicationForm userID={query.sourceID} />;
}
