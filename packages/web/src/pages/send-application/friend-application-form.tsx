import { useEffect, useId, useState } from 'react';
import { Button, TextArea, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { FRIEND_REQ_MSG_MAX, HandleResult } from '@im/protocol';
import type { PublicUserInfo } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { Page } from '../../components/page';
import { useGoBack } from '../../hooks/use-go-back';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useUserStore } from '../../stores/user-store';
import { showActionError } from '../../utils/failure-toast';
import styles from './send-application.module.css';
import { paths } from '../../router/paths';

/**
 * A friend request to `userID` with a verification message (prefilled with "I am <nickname>"). Sent:
 * a toast and back; refused (the recipient's privacy flag, docs/product.md#validation; already
 * friends; blacklist): the failure toast, and the form stays.
 */
export function FriendApplicationForm({ userID }: { userID: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.userCard({ userID }));
  const messageID = useId();
  const selfName = useUserStore((s) => s.selfInfo?.nickname ?? '');
  const [message, setMessage] = useState(() =>
    selfName ? t('sendApplication.defaultMessage', { name: selfName }) : '',
  );
  const [peer, setPeer] = useState<PublicUserInfo | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    im.account
      .getUsersInfo([userID])
      .then(([user]) => live && setPeer(user ?? null))
      .catch((error: unknown) => console.error('loading the user failed', error));
    return () => {
      live = false;
    };
  }, [userID]);

  const send = async () => {
    setSending(true);
    try {
      const application = await im.contacts.addFriend({ toUserID: userID, reqMsg: message.trim() });
      useContactStore.getState().applyFriendApplication(application, application.fromUserID);
      const nowFriends = application.handleResult === HandleResult.Approved; // they had applied too
      Toast.show({
        icon: 'success',
        content: t(nowFriends ? 'sendApplication.nowFriends' : 'sendApplication.sent'),
      });
      goBack();
    } catch (error) {
      showActionError(error, 'sending the friend application failed');
    } finally {
      setSending(false);
    }
  };

  const name = peer?.nickname || userID;
  return (
    <Page title={t('pages.sendFriendApplication')}>
      <section className={styles.peer} aria-label={name}>
        <Avatar name={name} src={peer?.faceURL} size={48} />
        <span className={styles.name}>{name}</span>
      </section>
      <div className={styles.form}>
        <label htmlFor={messageID} className={styles.label}>
          {t('sendApplication.message')}
        </label>
        <TextArea
          id={messageID}
          className={styles.input}
          value={message}
          onChange={setMessage}
          rows={4}
          maxLength={FRIEND_REQ_MSG_MAX}
          showCount
          placeholder={t('sendApplication.enterMessage')}
        />
        <Button block color="primary" loading={sending} onClick={() => void send()}>
          {t('sendApplication.send')}
        </Button>
      </div>
    </Page>
  );
}
