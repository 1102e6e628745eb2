import { useId, useState } from 'react';
import { Input, List } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/use-translation';
import { HandleResult, REMARK_MAX } from '@im/protocol';
import type { FriendApplication } from '@im/protocol';
import { LinkItem } from '../../components/list-items';
import { im } from '../../sdk/im';
import { recvFriendApplicationKey, sendFriendApplicationKey } from '../../stores/contact-lists';
import { useContactStore } from '../../stores/contact-store';
import { applicationStatusKey } from '../../utils/application-query';
import { AnswerActions, ApplicantHeader } from './application-parts';
import styles from './application-details.module.css';
import { useAnswerApplication } from './use-answer-application';
import { paths } from '../../router/paths';

interface Props {
  /** As the query carried it; the store's copy (kept live by the core's events) wins when present. */
  application: FriendApplication;
  received: boolean;
}

export function FriendApplicationDetails({ application: fromQuery, received }: Props) {
  const { t } = useTranslation();
  const remarkID = useId();
  const [remark, setRemark] = useState('');
  const live = useContactStore((s) =>
    received
      ? s.recvFriendApplicationList.find((a) => recvFriendApplicationKey(a) === fromQuery.fromUserID)
      : s.sendFriendApplicationList.find((a) => sendFriendApplicationKey(a) === fromQuery.toUserID),
  );
  const application = live ?? fromQuery;
  const userID = received ? application.fromUserID : application.toUserID;
  const name = (received ? application.fromNickname : application.toNickname) || userID;
  const face = received ? application.fromFaceURL : application.toFaceURL;
  const status = applicationStatusKey(application.handleResult);
  const canHandle = received && application.handleResult === HandleResult.Pending;

  const answer = useAnswerApplication({
    back: paths.newFriend(),
    answer: async (accept) => {
      const answered = accept
        ? await im.contacts.acceptFriendApplication({
            fromUserID: userID,
            remark: remark.trim() || undefined,
          })
        : await im.contacts.refuseFriendApplication({ fromUserID: userID });
      useContactStore.getState().applyFriendApplication(answered, application.toUserID);
    },
    acceptedToast: 'applications.acceptedToast',
    rejectedToast: 'applications.rejectedToast',
    rejectConfirm: t('applications.rejectConfirm', { name }),
    failureLog: 'answering the friend application failed',
  });

  return (
    <>
      <ApplicantHeader name={name} face={face} meta={t('profile.id', { id: userID })} />
      <List>
        <List.Item
          title={t('applications.message')}
          description={dayjs(application.createTime).format('YYYY-MM-DD HH:mm')}
        >
          {application.reqMsg || t('applications.noMessage')}
        </List.Item>
        {status && <List.Item extra={t(status)}>{t('applications.status')}</List.Item>}
        <LinkItem to={paths.userCard({ userID })}>{t('applications.viewProfile')}</LinkItem>
      </List>
      {canHandle && (
        <AnswerActions busy={answer.busy} onAccept={answer.accept} onReject={answer.reject}>
          <label htmlFor={remarkID} className={styles.label}>
            {t('applications.remark')}
          </label>
          <Input
            id={remarkID}
            className={styles.input}
            value={remark}
            onChange={setRemark}
            maxLength={REMARK_MAX}
            placeholder={t('applications.enterRemark')}
            clearable
          />
        </AnswerActions>
      )}
    </>
  );
}
