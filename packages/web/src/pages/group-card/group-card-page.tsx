import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { GroupVerification, JoinSource, SessionType } from '@im/protocol';
import type { PublicGroupCard } from '@im/protocol';
import { IdentityCard } from '../../components/identity-card';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useGroupStore } from '../../stores/group-store';
import { parseJsonBoolean } from '../../utils/base-data';
import { showError } from '../../utils/show-error';
import { showActionError } from '../../utils/failure-toast';
import styles from './group-card.module.css';
import { paths } from '../../router/paths';

/**
 * /groupCard?groupID=…(&isScan=true): a group's public card (name, avatar, member count), as anyone
 * sees it (search by ID, a scanned QR code). A member gets "Send message"; others "Join group" when
 * the group lets anyone in (verification 2), else "Apply to join" with a reason.
 */
export function GroupCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const groupID = params.get('groupID') ?? '';
  const isScan = parseJsonBoolean(params.get('isScan'));
  const [card, setCard] = useState<{ groupID: string; card: PublicGroupCard | null } | null>(null);
  const joined = useContactStore((s) => s.groupList.some((g) => g.groupID === groupID));
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    if (!groupID) return undefined;
    let live = true;
    im.groups
      .searchGroup(groupID)
      .then(([found]) => live && setCard({ groupID, card: found ?? null }))
      .catch((error: unknown) => {
        if (!live) return;
        setCard({ groupID, card: null });
        showError(error, 'loading the group card failed');
      });
    return () => {
      live = false;
    };
  }, [groupID]);

  const current = card?.groupID === groupID ? card : null;
  if (!groupID || (current && !current.card)) {
    return (
      <Page title={t('pages.groupCard')}>
        <EmptyState text={t('groupCard.notFound')} />
      </Page>
    );
  }
  if (!current?.card) {
    return (
      <Page title={t('pages.groupCard')}>
        <PageLoading />
      </Page>
    );
  }

  const group = current.card;
  const name = group.groupName || group.groupID;
  const direct = group.needVerification === GroupVerification.Direct;
  const joinSource = isScan ? JoinSource.QRCode : JoinSource.Search;

  const join = async () => {
    setJoining(true);
    try {
      const result = await im.groups.joinGroup({ groupID, joinSource });
      if (result.joined) {
        useGroupStore.getState().setMembership(groupID, true);
        Toast.show({ icon: 'success', content: t('groupCard.joined') });
        void navigate(paths.chat({ groupID }), { replace: true });
      } else {
        if (result.application)
          useContactStore.getState().applyGroupApplication(result.application, result.application.userID);
        Toast.show({ icon: 'success', content: t('groupApplication.sent') });
      }
    } catch (error) {
      showActionError(error, 'joining the group failed');
    } finally {
      setJoining(false);
    }
  };

  const apply = () =>
    navigate(
      paths.sendApplication({ isGroup: true, sourceID: groupID, isScan, sessionType: SessionType.Group }),
    );

  return (
    <Page title={t('pages.groupCard')}>
      <IdentityCard
        label={t('groupCard.card')}
        name={name}
        face={group.faceURL}
        nameAsHeading
        meta={[
          t('group.memberCount', { count: group.memberCount }),
          t('group.id', { id: group.groupID }),
          t(direct ? 'groupCard.verifyAnyone' : 'groupCard.verifyNeeded'),
        ]}
      />
      <div className={styles.actions}>
        {joined ? (
          <Button block color="primary" onClick={() => navigate(paths.chat({ groupID }))}>
            {t('groupCard.sendMessage')}
          </Button>
        ) : direct ? (
          <Button block color="primary" loading={joining} onClick={() => void join()}>
            {t('groupCard.join')}
          </Button>
        ) : (
          <Button block color="primary" onClick={apply}>
            {t('groupCard.apply')}
          </Button>
        )}
      </div>
    </Page>
  );
}
