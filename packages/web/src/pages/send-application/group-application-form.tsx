import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { FRIEND_REQ_MSG_MAX, JoinSource } from '@im/protocol';
import type { PublicGroupCard } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { Page } from '../../components/page';
import { useGoBack } from '../../hooks/use-go-back';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useGroupStore } from '../../stores/group-store';
import { useUserStore } from '../../stores/user-store';
import { showActionError } from '../../utils/failure-toast';
import styles from './send-application.module.css';
import { paths } from '../../router/paths';

/**
 * An application to join `groupID` with a reason (prefilled with "I am <nickname>"), by search or by
 * a scanned QR code (`isScan`: joinSource 4, else 3). Sent: a toast and back to the card; the owner
 * and admins see it under their group notifications. With `notNeedVerification` (a group anyone
 * joins) there is no reason to write: "Join group" joins at once and opens the chat; should the
 * group have started asking for approval meanwhile, the server stores an application instead and
 * the toast says so (docs/product.md#routes).
 */
export function GroupApplicationForm({
  groupID,
  isScan,
  notNeedVerification = false,
}: {
  groupID: string;
  isScan: boolean;
  notNeedVerification?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.groupCard({ groupID, isScan }));
  const reasonID = useId();
  const selfName = useUserStore((s) => s.selfInfo?.nickname ?? '');
  const [reason, setReason] = useState(() =>
    selfName ? t('groupApplication.defaultReason', { name: selfName }) : '',
  );
  const [group, setGroup] = useState<PublicGroupCard | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    im.groups
      .searchGroup(groupID)
      .then(([card]) => live && setGroup(card ?? null))
      .catch((error: unknown) => console.error('loading the group failed', error));
    return () => {
      live = false;
    };
  }, [groupID]);

  const send = async () => {
    setSending(true);
    try {
      const result = await im.groups.joinGroup({
        groupID,
        reqMsg: notNeedVerification ? '' : reason.trim(),
        joinSource: isScan ? JoinSource.QRCode : JoinSource.Search,
      });
      if (result.application)
        useContactStore.getState().applyGroupApplication(result.application, result.application.userID);
      Toast.show({
        icon: 'success',
        content: t(result.joined ? 'groupCard.joined' : 'groupApplication.sent'),
      });
      if (result.joined) {
        useGroupStore.getState().setMembership(groupID, true);
        void navigate(paths.chat({ groupID }), { replace: true });
      } else goBack();
    } catch (error) {
      showActionError(error, 'sending the group application failed');
    } finally {
      setSending(false);
    }
  };

  const name = group?.groupName || groupID;
  return (
    <Page title={t(notNeedVerification ? 'groupCard.join' : 'pages.sendGroupApplication')}>
      <section className={styles.peer} aria-label={name}>
        <Avatar name={name} src={group?.faceURL} size={48} />
        <span className={styles.name}>{name}</span>
      </section>
      <div className={styles.form}>
        {!notNeedVerification && (
          <>
            <label htmlFor={reasonID} className={styles.label}>
              {t('groupApplication.reason')}
            </label>
            <TextArea
              id={reasonID}
              className={styles.input}
              value={reason}
              onChange={setReason}
              rows={4}
              maxLength={FRIEND_REQ_MSG_MAX}
              showCount
              placeholder={t('groupApplication.enterReason')}
            />
          </>
        )}
        <Button block color="primary" loading={sending} onClick={() => void send()}>
          {t(notNeedVerification ? 'groupCard.join' : 'groupApplication.send')}
        </Button>
      </div>
    </Page>
  );
}
