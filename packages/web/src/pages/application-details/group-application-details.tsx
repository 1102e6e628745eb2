import { useState } from 'react';
import { Button, Dialog, List, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HandleResult } from '@im/protocol';
import type { GroupApplication } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { LinkItem } from '../../components/list-items';
import { useGoBack } from '../../hooks/use-go-back';
import { im } from '../../sdk/im';
import { recvGroupApplicationKey, sendGroupApplicationKey } from '../../stores/contact-lists';
import { useContactStore } from '../../stores/contact-store';
import { applicationStatusKey } from '../../utils/application-query';
import { showError } from '../../utils/show-error';
import styles from './application-details.module.css';

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
  const goBack = useGoBack('/newGroup');
  const [busy, setBusy] = useState(false);
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

  const handle = async (accept: boolean) => {
    setBusy(true);
    const req = { groupID: application.groupID, fromUserID: application.userID };
    try {
      const answered = accept ? await im.acceptGroupApplication(req) : await im.refuseGroupApplication(req);
      useContactStore.getState().applyGroupApplication(answered, '');
      Toast.show({
        icon: 'success',
        content: t(accept ? 'groupApplication.acceptedToast' : 'groupApplication.rejectedToast'),
      });
      goBack();
    } catch (error) {
      showError(error, 'answering the group application failed');
    } finally {
      setBusy(false);
    }
  };

  const reject = () =>
    Dialog.confirm({
      content: t('groupApplication.rejectConfirm', { name, group }),
      confirmText: t('applications.reject'),
      cancelText: t('common.cancel'),
      onConfirm: () => handle(false),
    });

  return (
    <>
      <section className={styles.person} aria-label={received ? name : group}>
        <Avatar
          name={received ? name : group}
          src={received ? application.faceURL : application.groupFaceURL}
          size={56}
        />
        <div>
          <p className={styles.name}>{received ? name : group}</p>
          <p className={styles.meta}>
            {received
              ? t('profile.id', { id: application.userID })
              : t('group.id', { id: application.groupID })}
          </p>
        </div>
      </section>
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
          <LinkItem to={`/userCard?userID=${encodeURIComponent(application.userID)}`}>
            {t('applications.viewProfile')}
          </LinkItem>
        )}
      </List>
      {canHandle && (
        <div className={styles.actions}>
          <Button block color="primary" loading={busy} onClick={() => void handle(true)}>
            {t('applications.accept')}
          </Button>
          <Button block color="danger" fill="outline" disabled={busy} onClick={() => void reject()}>
            {t('applications.reject')}
          </Button>
        </div>
      )}
    </>
  );
}
