import { lazy, Suspense, useState } from 'react';
import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { groupConversationID, GroupStatus } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { ConversationSwitches } from '../../components/conversation-switches';
import { ButtonItem, LinkItem } from '../../components/list-items';
import { PageLoading } from '../../components/page-loading';
import { useConversationSettings } from '../../hooks/use-conversation-settings';
import { useGroup } from '../../hooks/use-group';
import { useConversation } from '../../stores/conversation-store';
import { isOwnerOrAdmin } from '../../utils/group-roles';
import { GroupAvatarItem } from './group-avatar-item';
import { GroupMembersRow } from './group-members-row';
import { useLeaveGroup } from './use-leave-group';
import styles from './group-setting.module.css';
import { paths } from '../../router/paths';

// The QR code (and its drawing library) loads only when first opened.
const GroupQrCode = lazy(() =>
  import('../../components/group-qr-code').then((m) => ({ default: m.GroupQrCode })),
);

/**
 * A group's settings (docs/product.md#routes, docs/product.md#roles-and-permissions): the members
 * row, name, avatar, announcement, QR code, the user's nickname in the group, management (owner and
 * admins), pin, do not disturb, clear history, and leave (members and admins) or disband (owner and
 * admins) after a confirmation. A disbanded group, or one the user left, keeps only what still applies.
 */
export function GroupSettings({ groupID }: { groupID: string }) {
  const { t } = useTranslation();
  const { info, members, isMember, self, selfID } = useGroup(groupID);
  const conversationID = groupConversationID(groupID);
  const conversation = useConversation(conversationID);
  const settings = useConversationSettings(conversationID);
  const leave = useLeaveGroup(groupID);
  const [qrOpen, setQrOpen] = useState(false);
  const [qrUsed, setQrUsed] = useState(false);

  if (!info && isMember === undefined) return <PageLoading />;

  const name = info?.groupName || conversation?.showName || groupID;
  const dismissed = info?.status === GroupStatus.Dismissed;
  const active = isMember !== false && !dismissed && Boolean(info);
  // The owner is known from the info at once; an admin once the members have loaded.
  const owner = info?.ownerUserID === selfID;
  const manager = active && (owner || isOwnerOrAdmin(self?.roleLevel));

  return (
    <>
      <section className={styles.header} aria-label={name}>
        <Avatar name={name} src={info?.faceURL ?? conversation?.faceURL} size={52} />
        <div>
          <h2 className={styles.name}>{name}</h2>
          <p className={styles.meta}>{t('group.id', { id: groupID })}</p>
          {info && <p className={styles.meta}>{t('group.memberCount', { count: info.memberCount })}</p>}
        </div>
      </section>
      {isMember === false && <p className={styles.note}>{t('groupSetting.leftNote')}</p>}
      {dismissed && <p className={styles.note}>{t('groupSetting.disbandedNote')}</p>}
      {info && isMember !== false && (
        <GroupMembersRow
          groupID={groupID}
          members={members}
          memberCount={info.memberCount}
          canInvite={active}
        />
      )}
      {info && active && (
        <List className={styles.section}>
          {manager ? (
            <LinkItem
              to={paths.changeName({ kind: 'groupName', groupID, value: info.groupName })}
              extra={info.groupName}
            >
              {t('groupSetting.name')}
            </LinkItem>
          ) : (
            <List.Item extra={info.groupName}>{t('groupSetting.name')}</List.Item>
          )}
          {manager && <GroupAvatarItem group={info} />}
          <LinkItem
            to={paths.groupNotice({ groupID })}
            description={
              info.notification ? <span className={styles.announcement}>{info.notification}</span> : undefined
            }
          >
            {t('groupSetting.announcement')}
          </LinkItem>
          <ButtonItem
            onClick={() => {
              setQrUsed(true);
              setQrOpen(true);
            }}
          >
            {t('groupSetting.qrCode')}
          </ButtonItem>
          <LinkItem
            to={paths.changeName({ kind: 'groupNickname', groupID, value: self?.groupNickname ?? '' })}
            extra={self?.groupNickname || t('common.notSet')}
          >
            {t('groupSetting.myNickname')}
          </LinkItem>
          {manager && <LinkItem to={paths.groupManage({ groupID })}>{t('groupSetting.manage')}</LinkItem>}
        </List>
      )}
      <List className={styles.section}>
        <LinkItem to={paths.searchMessages({ conversationID: groupConversationID(groupID) })}>
          {t('finder.searchChat')}
        </LinkItem>
      </List>
      <div className={styles.section}>
        <ConversationSwitches {...settings} />
      </div>
      <List className={styles.danger}>
        <ButtonItem onClick={settings.clear}>{t('singleSetting.clearHistory')}</ButtonItem>
      </List>
      {active && (
        <List className={styles.danger}>
          {/* The owner cannot quit (1408); admins both quit and disband. */}
          {!owner && <ButtonItem onClick={leave.quit}>{t('groupSetting.quit')}</ButtonItem>}
          {manager && <ButtonItem onClick={leave.dismiss}>{t('groupSetting.dismiss')}</ButtonItem>}
        </List>
      )}
      {qrUsed && info && (
        <Suspense fallback={null}>
          <GroupQrCode group={info} visible={qrOpen} onClose={() => setQrOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
