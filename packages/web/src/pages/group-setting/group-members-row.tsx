import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { GroupMemberInfo } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { LinkItem } from '../../components/list-items';
import { memberName } from '../../utils/group-roles';
import styles from './group-setting.module.css';
import { paths } from '../../router/paths';

/** How many member avatars the row shows. */
const SHOWN = 8;

interface Props {
  groupID: string;
  members: GroupMemberInfo[] | undefined;
  memberCount: number;
  /** The user may invite friends (a current member of a writable group). */
  canInvite: boolean;
}

/**
 * The members row of the group settings: the first members' avatars above one link, "View all
 * members (n)", to /groupMemberList; "Invite members" (friends, /chooseUser?groupID=…) under it.
 */
export function GroupMembersRow({ groupID, members, memberCount, canInvite }: Props) {
  const { t } = useTranslation();
  return (
    <List header={t('groupSetting.members')}>
      <LinkItem
        to={paths.groupMemberList({ groupID })}
        description={
          members && (
            <span className={styles.members} aria-hidden="true">
              {members.slice(0, SHOWN).map((member) => (
                <Avatar key={member.userID} name={memberName(member)} src={member.faceURL} size={36} />
              ))}
            </span>
          )
        }
      >
        {t('groupSetting.viewMembers', { count: memberCount })}
      </LinkItem>
      {canInvite && <LinkItem to={paths.chooseUser({ groupID })}>{t('groupSetting.invite')}</LinkItem>}
    </List>
  );
}
