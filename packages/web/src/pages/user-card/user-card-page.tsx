import { useNavigate, useSearchParams } from 'react-router';
import { Button, List, Tag } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { RoleLevel, SessionType } from '@im/protocol';
import { startCall } from '../../call/start-call';
import { IdentityCard } from '../../components/identity-card';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useGroup } from '../../hooks/use-group';
import { useSelfID } from '../../hooks/use-self-id';
import { canAddMemberFriend, canViewMember } from '../../utils/group-roles';
import { useUserCard } from '../../hooks/use-user-card';
import { ageFrom } from '../../utils/age';
import { MemberInGroup } from './member-in-group';
import { ShareCardButton } from './share-card-button';
import styles from './user-card.module.css';
import { paths } from '../../router/paths';

/**
 * /userCard?userID=…(&groupID=…): another user's card: avatar, name (the remark when set), nickname,
 * ID; "Send message" and the voice and video calls for a friend, "Add friend" for anyone else; the friend settings in the header.
 * The age follows the birthday (shown to friends only). Opened from a group, the card shows the
 * member's group nickname and role, and the group's rules apply to an ordinary member
 * (docs/product.md#roles-and-permissions): lookMemberInfo 1 shows no card, applyMemberFriend 1 no
 * "Add friend".
 */
export function UserCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userID = params.get('userID') ?? '';
  const selfID = useSelfID();
  const card = useUserCard(userID);
  const isSelf = userID === selfID;
  const group = useGroup(params.get('groupID') ?? '');
  const groupRole = group.info?.ownerUserID === selfID ? RoleLevel.Owner : group.self?.roleLevel;
  const fromGroup = Boolean(group.info);
  const hidden = fromGroup && !isSelf && !canViewMember(group.info, groupRole);
  const canAdd = !fromGroup || canAddMemberFriend(group.info, groupRole);
  const member = fromGroup ? group.members?.find((m) => m.userID === userID) : undefined;

  const settings = !isSelf && card.info && (
    <button
      type="button"
      className="text-button"
      aria-label={t('pages.userCardSetting')}
      onClick={() => void navigate(paths.userCardSetting({ userID }))}
    >
      <MoreOutline fontSize={22} aria-hidden="true" />
    </button>
  );

  if (!userID || card.failed || hidden) {
    return (
      <Page title={t('pages.userCard')}>
        <EmptyState text={t(hidden ? 'group.lookMemberInfoDenied' : 'empty.user')} />
      </Page>
    );
  }
  if (card.loading || !card.info) {
    return (
      <Page title={t('pages.userCard')}>
        <PageLoading />
      </Page>
    );
  }

  const { info } = card;
  const name = card.remark || info.nickname || info.userID;
  const peer = { userID, nickname: name, faceURL: info.faceURL };
  const age = ageFrom(info.birth);
  return (
    <Page title={t('pages.userCard')} right={settings}>
      <IdentityCard
        label={t('userCard.profile')}
        name={name}
        face={info.faceURL}
        nameAsHeading
        meta={[
          card.remark && t('userCard.nickname', { nickname: info.nickname }),
          t('profile.id', { id: info.userID }),
        ]}
      >
        {card.isBlack && (
          <Tag color="danger" fill="outline">
            {t('userCard.blacklisted')}
          </Tag>
        )}
      </IdentityCard>
      {member && <MemberInGroup member={member} />}
      <List>
        {age !== null && <List.Item extra={t('age.value', { count: age })}>{t('age.label')}</List.Item>}
        <LinkItem to={paths.userCardDetails({ userID })}>{t('pages.userCardDetails')}</LinkItem>
      </List>
      {!isSelf && (
        <div className={styles.actions}>
          {card.isFriend ? (
            <>
              <Button block color="primary" onClick={() => navigate(paths.chat({ userID }))}>
                {t('userCard.sendMessage')}
              </Button>
              <Button block onClick={() => startCall(peer, 'audio')}>
                {t('calls.voiceCall')}
              </Button>
              <Button block onClick={() => startCall(peer, 'video')}>
                {t('calls.videoCall')}
              </Button>
              <ShareCardButton user={{ userID, nickname: info.nickname, faceURL: info.faceURL }} />
            </>
          ) : (
            canAdd && (
              <Button
                block
                color="primary"
                onClick={() =>
                  navigate(
                    paths.sendApplication({
                      isGroup: false,
                      sourceID: userID,
                      sessionType: SessionType.Single,
                    }),
                  )
                }
              >
                {t('userCard.addFriend')}
              </Button>
            )
          )}
        </div>
      )}
    </Page>
  );
}
