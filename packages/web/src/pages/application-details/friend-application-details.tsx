import { useId, useState } from 'react';
import { Button, Dialog, Input, List, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HandleResult, REMARK_MAX } from '@im/protocol';
import type { FriendApplication } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { LinkItem } from '../../components/list-items';
import { useGoBack } from '../../hooks/use-go-back';
import { im } from '../../sdk/im';
import { recvFriendApplicationKey, sendFriendApplicationKey } from '../../stores/contact-lists';
import { useContactStore } from '../../stores/contact-store';
import { applicationStatusKey } from '../../utils/application-query';
import { showError } from '../../utils/show-error';
import styles from './application-details.module.css';

interface Props {
  /** As the query carried it; the store's copy (kept live by the core's events) wins when present. */
  application: FriendApplication;
  received: boolean;
}

export function FriendApplicationDetails({ application: fromQuery, received }: Props) {
  const { t } = useTranslation();
  const goBack = useGoBack('/newFriend');
  const remarkID = useId();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
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

  const handle = async (accept: boolean) => {
    setBusy(true);
    try {
      const answered = accept
        ? await im.acceptFriendApplication({ fromUserID: userID, remark: remark.trim() || undefined })
        : await im.refuseFriendApplication({ fromUserID: userID });
      useContactStore.getState().applyFriendApplication(answered, application.toUserID);
      Toast.show({
        icon: 'success',
        content: t(accept ? 'applications.acceptedToast' : 'applications.rejectedToast'),
      });
      goBack();
    } catch (error) {
      showError(error, 'answering the friend application failed');
    } finally {
      setBusy(false);
    }
  };

  const reject = () =>
    Dialog.confirm({
      content: t('applications.rejectConfirm', { name }),
      confirmText: t('applications.reject'),
      cancelText: t('common.cancel'),
      onConfirm: () => handle(false),
    });

  return (
    <>
      <section className={styles.person} aria-label={name}>
        <Avatar name={name} src={face} size={56} />
        <div>
          <p className={styles.name}>{name}</p>
          <p className={styles.meta}>{t('profile.id', { id: userID })}</p>
        </div>
      </section>
      <List>
        <List.Item
          title={t('applications.message')}
          description={dayjs(application.createTime).format('YYYY-MM-DD HH:mm')}
        >
          {application.reqMsg || t('applications.noMessage')}
        </List.Item>
        {status && <List.Item extra={t(status)}>{t('applications.status')}</List.Item>}
        <LinkItem to={`/userCard?userID=${encodeURIComponent(userID)}`}>
          {t('applications.viewProfile')}
        </LinkItem>
      </List>
      {canHandle && (
        <div className={styles.actions}>
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
