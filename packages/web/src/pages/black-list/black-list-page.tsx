import { useState } from 'react';
import { Button, List, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { showActionError } from '../../utils/failure-toast';

/** /blackList: the users this user has blocked, each with a Remove button. */
export function BlackListPage() {
  const { t } = useTranslation();
  const blackList = useContactStore((s) => s.blackList);
  const loaded = useContactStore((s) => s.loaded);
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (userID: string) => {
    setRemoving(userID);
    try {
      await im.contacts.removeBlack(userID);
      useContactStore.getState().removeBlack(userID);
      Toast.show({ icon: 'success', content: t('friendSetting.unblocked') });
    } catch (error) {
      showActionError(error, 'removing from the blacklist failed');
    } finally {
      setRemoving(null);
    }
  };

  let body;
  if (!loaded && blackList.length === 0) body = <PageLoading />;
  else if (blackList.length === 0) body = <EmptyState text={t('empty.blackList')} />;
  else
    body = (
      <section aria-label={t('pages.blackList')}>
        <List>
          {blackList.map((black) => {
            const name = black.nickname || black.userID;
            return (
              <List.Item
                key={black.userID}
                prefix={<Avatar name={name} src={black.faceURL} size={40} />}
                extra={
                  <Button
                    size="small"
                    loading={removing === black.userID}
                    aria-label={t('blackList.removeUser', { name })}
                    onClick={() => void remove(black.userID)}
                  >
                    {t('blackList.remove')}
                  </Button>
                }
              >
                {name}
              </List.Item>
            );
          })}
        </List>
      </section>
    );
  return <Page title={t('pages.blackList')}>{body}</Page>;
}
