import { List } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/use-translation';
import { HandleResult } from '@im/protocol';
import type { GroupApplication } from '@im/protocol';
import { LinkItem } from '../../components/list-items';
import { im } from '../../sdk/im';
import { recvGroupApplicationKey, sendGroupApplicationKey } from '../../stores/contact-lists';
import { useContactStore } from '../../stores/contact-store';
import { applicationStatusKey } from '../../utils/application-query';
import { AnswerActions, ApplicantHeader } from './application-parts';
import { useAnswerApplication } from './use-answer-application';
import { paths } from '../../router/paths';

interface Props {
  /** As the query carried it; the store's copy (kept live by the core's events) wins when present. */
  application: GroupApplication;
  received: boolean;
}

/**
 * One group application: the applicant, the group, the reason and the state. A pending received one
 * (this user owns or administers the group) is accepted (the applicant joins) or rejected after a
 * confirmation.
 */
export function GroupApplicationDetails({ application: fromQuery, received }: Props) {
  const { t } = useTranslation();
  const live = useContactStore((s) =>
    received
      ? s.recvGroupApplicationList.find(
          (a) => recvGroupApplicationKey(a) === recvGroupApplicationKey(fromQuery),
        )
      : s.sendGroupApplicationList.find((a) => sendGroupApplicationKey(a) === fromQuery.groupID),
  );
  const application = live ?? fromQuery;
  const name = application.nickname || application.userID;
  const group = application.groupName || application.groupID;
  const status = applicationStatusKey(application.handleResult);
  const canHandle = received && application.handleResult === HandleResult.Pending;

  const answer = useAnswerApplication({
    back: paths.newGroup(),
    answer: async (accept) => {
      const req = { groupID: application.groupID, fromUserID: application.userID };
      const answered = accept
        ? await im.groups.acceptGroupApplication(req)
        : await im.groups.refuseGroupApplication(req);
      useContactStore.getState().applyGroupApplication(answered, '');
    },
    acceptedToast: 'groupApplication.acceptedToast',
    rejectedToast: 'groupApplication.rejectedToast',
    rejectConfirm: t('groupApplication.rejectConfirm', { name, group }),
    failureLog: 'answering the group application failed',
  });

  return (
    <>
      <ApplicantHeader
        name={received ? name : group}
        face={received ? application.faceURL : application.groupFaceURL}
        meta={
          received ? t('profile.id', { id: application.userID }) : t('group.id', { id: application.groupID })
        }
      />
      <List>
        {received && <List.Item extra={group}>{t('groupApplication.group')}</List.Item>}
        <List.Item
          title={t('groupApplication.reason')}
          description={dayjs(application.createTime).format('YYYY-MM-DD HH:mm')}
        >
          {application.reqMsg || t('applications.noMessage')}
        </List.Item>
        {status && <List.Item extra={t(status)}>{t('applications.status')}</List.Item>}
        {received && (
          <LinkItem to={paths.userCard({ userID: application.userID })}>
            {t('applications.viewProfile')}
          </LinkItem>
        )}
      </List>
      {canHandle && <AnswerActions busy={answer.busy} onAccept={answer.accept} onReject={answer.reject} />}
    </>
  );
}
