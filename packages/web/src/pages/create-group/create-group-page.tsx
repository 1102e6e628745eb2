import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Input, Toast } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { GROUP_NAME_MAX } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { Page } from '../../components/page';
import { useGoBack } from '../../hooks/use-go-back';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useCreateGroupDraft } from '../../stores/create-group-draft';
import { useGroupStore } from '../../stores/group-store';
import { displayName } from '../../utils/display-name';
import { showActionError } from '../../utils/failure-toast';
import styles from './create-group.module.css';
import { paths } from '../../router/paths';

/** The groupType query (a JSON number, 0 when absent or not a number; docs/product.md#routes). */
export function parseGroupType(raw: string | null): number {
  try {
    const value: unknown = JSON.parse(raw ?? '0');
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
  } catch {
    return 0;
  }
}

/**
 * /createGroup?groupType=0: a group name and members picked from friends on /chooseUser ("Add
 * members"); "Create group" makes the user its owner and opens its chat. What was typed and picked
 * survives the trip to /chooseUser (`create-group-draft.ts`); going back drops it.
 */
export function CreateGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.contact());
  const [params] = useSearchParams();
  const groupType = parseGroupType(params.get('groupType'));
  const nameID = useId();
  const { groupName, memberIDs, setGroupName, setMemberIDs, reset } = useCreateGroupDraft();
  const friends = useContactStore((s) => s.friendList);
  const chosen = memberIDs.map((id) => friends.find((f) => f.userID === id) ?? { userID: id, nickname: id });
  const [creating, setCreating] = useState(false);

  const leave = () => {
    reset();
    goBack();
  };

  const create = async () => {
    if (!groupName.trim()) {
      Toast.show({ content: t('createGroup.nameRequired') });
      return;
    }
    if (memberIDs.length === 0) {
      Toast.show({ content: t('createGroup.noMembers') });
      return;
    }
    setCreating(true);
    try {
      const group = await im.groups.createGroup({
        groupName: groupName.trim(),
        memberUserIDs: memberIDs,
        groupType,
      });
      useContactStore.getState().upsertGroup(group);
      useGroupStore.getState().putGroup(group);
      useGroupStore.getState().setMembership(group.groupID, true);
      reset();
      Toast.show({ icon: 'success', content: t('createGroup.created') });
      void navigate(paths.chat({ groupID: group.groupID }), { replace: true });
    } catch (error) {
      showActionError(error, 'creating the group failed');
    } finally {
      setCreating(false);
    }
  };

  return (
    <Page title={t('pages.createGroup')} onBack={leave}>
      <div className={styles.form}>
        <label htmlFor={nameID} className={styles.label}>
          {t('createGroup.name')}
        </label>
        <Input
          id={nameID}
          className={styles.input}
          value={groupName}
          onChange={setGroupName}
          maxLength={GROUP_NAME_MAX}
          placeholder={t('createGroup.enterName')}
          clearable
        />
        <h2 className={styles.membersHeader}>
          <span>
            {t('createGroup.members')} · {t('createGroup.selected', { count: memberIDs.length })}
          </span>
          <Link to={paths.chooseUser()} className={styles.add}>
            <AddOutline aria-hidden="true" />
            {t('createGroup.chooseMembers')}
          </Link>
        </h2>
        {chosen.length > 0 && (
          <ul className={styles.members} aria-label={t('createGroup.members')}>
            {chosen.map((friend) => {
              const name = displayName(friend);
              return (
                <li key={friend.userID} className={styles.member}>
                  <Avatar name={name} src={'faceURL' in friend ? friend.faceURL : ''} size={44} />
                  <span className={styles.memberName} aria-hidden="true">
                    {name}
                  </span>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('createGroup.removeMember', { name })}
                    onClick={() => setMemberIDs(memberIDs.filter((id) => id !== friend.userID))}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <Button block color="primary" loading={creating} onClick={() => void create()}>
          {t('createGroup.create')}
        </Button>
      </div>
    </Page>
  );
}
