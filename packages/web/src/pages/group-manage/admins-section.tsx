import { useState } from 'react';
import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { RoleLevel } from '@im/protocol';
import type { GroupMemberInfo } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { ButtonItem } from '../../components/list-items';
import { MemberPicker } from '../../components/member-picker';
import { filterMembers, memberName } from '../../utils/group-roles';
import { useMemberRoleActions } from '../../hooks/use-member-role-actions';
import styles from './group-manage.module.css';

interface Props {
  groupID: string;
  members: GroupMemberInfo[];
  onTransferred: () => void;
}

/**
 * The owner's part of group management: the administrators (each with a "Remove … as admin" button),
 * "Add administrator" (pick an ordinary member) and "Transfer ownership" (pick any other member); each
 * change after a confirmation.
 */
export function AdminsSection({ groupID, members, onTransferred }: Props) {
  const { t } = useTranslation();
  const actions = useMemberRoleActions(groupID, onTransferred);
  const [picking, setPicking] = useState<'admin' | 'owner' | null>(null);
  const admins = members.filter((m) => m.roleLevel === RoleLevel.Admin);
  const others = members.filter((m) => m.roleLevel !== RoleLevel.Owner);

  return (
    <>
      <List header={t('groupManage.admins')} className={styles.section}>
        {admins.length === 0 && <List.Item>{t('groupManage.noAdmins')}</List.Item>}
        {admins.map((admin) => {
          const name = memberName(admin);
          return (
            <List.Item
              key={admin.userID}
              prefix={<Avatar name={name} src={admin.faceURL} size={32} />}
              extra={
                <button
                  type="button"
                  className={`text-button ${styles.remove}`}
                  aria-label={t('groupManage.removeAdmin', { name })}
                  onClick={() => actions.unsetAdmin(admin)}
                >
                  {t('groupMembers.unsetAdmin')}
                </button>
              }
            >
              {name}
            </List.Item>
          );
        })}
        <ButtonItem onClick={() => setPicking('admin')}>{t('groupManage.addAdmin')}</ButtonItem>
      </List>
      <List className={styles.section}>
        <ButtonItem onClick={() => setPicking('owner')}>{t('groupManage.transfer')}</ButtonItem>
      </List>
      <MemberPicker
        title={t(picking === 'owner' ? 'groupManage.transferTo' : 'groupManage.chooseAdmin')}
        visible={picking !== null}
        options={(keyword) =>
          filterMembers(
            picking === 'owner' ? others : others.filter((m) => m.roleLevel === RoleLevel.Member),
            keyword,
          )
        }
        onPick={(member) => {
          const what = picking;
          setPicking(null);
          if (what === 'owner') actions.transfer(member);
          else actions.setAdmin(member);
        }}
        onClose={() => setPicking(null)}
      />
    </>
  );
}
