import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Dialog, List, Switch, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from '../../components/empty-state';
import { ButtonItem, LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useGoBack } from '../../hooks/use-go-back';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { showActionError } from '../../utils/failure-toast';
import { useUserCard } from '../../hooks/use-user-card';
import styles from './user-card-setting.module.css';
import { paths } from '../../router/paths';

/**
 * /userCardSetting?userID=…: a friend's remark (→ /changeNameOrRemark), the blacklist switch, and
 * deleting the friend; blocking and deleting ask first.
 */
export function UserCardSettingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userID = params.get('userID') ?? '';
  const card = useUserCard(userID);
  const goBack = useGoBack(paths.userCard({ userID }));
  const [blackPending, setBlackPending] = useState<boolean | null>(null);

  if (!userID || card.failed) {
    return (
      <Page title={t('pages.userCardSetting')}>
        <EmptyState text={t('empty.user')} />
      </Page>
    );
  }
  if (!card.info) {
    return (
      <Page title={t('pages.userCardSetting')}>
        <PageLoading />
      </Page>
    );
  }
  const { info } = card;
  const name = card.remark || info.nickname || userID;

  const setBlack = async (block: boolean) => {
    setBlackPending(block);
    try {
      if (block) useContactStore.getState().upsertBlack(await im.contacts.addBlack(userID));
      else {
        await im.contacts.removeBlack(userID);
        useContactStore.getState().removeBlack(userID);
      }
      Toast.show({
        icon: 'success',
        content: t(block ? 'friendSetting.blocked' : 'friendSetting.unblocked'),
      });
    } catch (error) {
      showActionError(error, 'changing the blacklist failed');
    } finally {
      setBlackPending(null);
    }
  };

  const onBlackChange = (block: boolean) => {
    if (!block) return void setBlack(false);
    void Dialog.confirm({
      title: t('friendSetting.blacklist'),
      content: t('friendSetting.blacklistConfirm', { name }),
      confirmText: t('friendSetting.block'),
      cancelText: t('common.cancel'),
      onConfirm: () => setBlack(true),
    });
  };

  const unfriend = () =>
    Dialog.confirm({
      title: t('friendSetting.unfriend'),
      content: t('friendSetting.unfriendConfirm', { name }),
      confirmText: t('friendSetting.delete'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await im.contacts.deleteFriend(userID);
          useContactStore.getState().removeFriend(userID);
          Toast.show({ icon: 'success', content: t('friendSetting.deleted') });
          goBack();
        } catch (error) {
          showActionError(error, 'deleting the friend failed');
        }
      },
    });

  return (
    <Page title={t('pages.userCardSetting')}>
      <List>
        {card.isFriend && (
          <LinkItem
            to={paths.changeNameOrRemark({ userID, nickname: info.nickname, remark: card.remark })}
            extra={card.remark || t('common.notSet')}
          >
            {t('changeName.remark')}
          </LinkItem>
        )}
        <List.Item
          extra={
            <Switch
              checked={blackPending ?? card.isBlack}
              loading={blackPending !== null}
              aria-label={t('friendSetting.blacklist')}
              onChange={onBlackChange}
            />
          }
          description={t('friendSetting.blacklistHint')}
        >
          {t('friendSetting.blacklist')}
        </List.Item>
      </List>
      {card.isFriend && (
        <List className={styles.danger}>
          <ButtonItem onClick={() => void unfriend()}>{t('friendSetting.unfriend')}</ButtonItem>
        </List>
      )}
    </Page>
  );
}
