import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useGoBack } from '../../hooks/use-go-back';
import { useGroup } from '../../hooks/use-group';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useCreateGroupDraft } from '../../stores/create-group-draft';
import { showActionError } from '../../utils/failure-toast';
import { FriendChecklist } from './friend-checklist';
import styles from './choose-user.module.css';
import { paths } from '../../router/paths';

/**
 * /chooseUser: pick friends, with a search. Without a query the picks are the members of the group
 * being created (back to /createGroup); with `?groupID=` they are invited to that group (friends
 * already in it are shown checked and cannot be picked).
 */
export function ChooseUserPage() {
  const [params] = useSearchParams();
  const groupID = params.get('groupID') ?? '';
  return groupID ? <InviteMembers groupID={groupID} /> : <ChooseNewMembers />;
}

function ChooseNewMembers() {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.createGroup());
  const friends = useContactStore((s) => s.friendList);
  const loaded = useContactStore((s) => s.loaded);
  const draft = useCreateGroupDraft();
  const [selected, setSelected] = useState(draft.memberIDs);
  const done = () => {
    draft.setMemberIDs(selected);
    goBack();
  };
  return (
    <Page title={t('pages.chooseUser')}>
      <div className="page-column">
        <div className="page-column-body">
          {!loaded && friends.length === 0 ? (
            <PageLoading />
          ) : (
            <FriendChecklist friends={friends} selected={selected} onChange={setSelected} />
          )}
        </div>
        <div className={styles.footer}>
          <Button block color="primary" onClick={done}>
            {t('chooseUser.done', { count: selected.length })}
          </Button>
        </div>
      </div>
    </Page>
  );
}

function InviteMembers({ groupID }: { groupID: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.groupSetting({ groupID }));
  const friends = useContactStore((s) => s.friendList);
  const { members } = useGroup(groupID);
  const inGroup = useMemo(() => new Set(members?.map((m) => m.userID)), [members]);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const picked = selected.filter((id) => !inGroup.has(id));

  const invite = async () => {
    if (picked.length === 0) return;
    setBusy(true);
    try {
      const result = await im.groups.inviteUserToGroup({ groupID, userIDList: picked });
      const waiting = result.applications.length > 0;
      Toast.show({
        icon: 'success',
        content: t(waiting ? 'chooseUser.invitePending' : 'chooseUser.invited'),
      });
      goBack();
    } catch (error) {
      showActionError(error, 'inviting failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('groupSetting.invite')}>
      <div className="page-column">
        <div className="page-column-body">
          {!members ? (
            <PageLoading />
          ) : (
            <FriendChecklist
              friends={friends}
              selected={selected}
              onChange={setSelected}
              locked={inGroup}
              lockedNote={t('chooseUser.inGroup')}
            />
          )}
        </div>
        <div className={styles.footer}>
          <Button
            block
            color="primary"
            loading={busy}
            disabled={picked.length === 0}
            onClick={() => void invite()}
          >
            {t('chooseUser.done', { count: picked.length })}
          </Button>
        </div>
      </div>
    </Page>
  );
}
