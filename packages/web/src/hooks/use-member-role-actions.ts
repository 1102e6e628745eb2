import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { RoleLevel } from '@im/protocol';
import type { GroupMemberInfo } from '@im/protocol';
import { im } from '../sdk/im';
import { useGroupStore } from '../stores/group-store';
import { memberName } from '../utils/group-roles';
import { showActionError } from '../utils/failure-toast';

/**
 * The owner's role changes, each after a confirmation (docs/product.md#roles-and-permissions): make a
 * member an admin, make an admin an ordinary member again, transfer the group (the owner becomes an
 * ordinary member).
 */
export function useMemberRoleActions(groupID: string, onTransferred?: () => void) {
  const { t } = useTranslation();

  const setRole = (member: GroupMemberInfo, roleLevel: 60 | 20) => {
    const name = memberName(member);
    const admin = roleLevel === RoleLevel.Admin;
    void Dialog.confirm({
      content: t(admin ? 'groupManage.setAdminConfirm' : 'groupManage.removeAdminConfirm', { name }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          const updated = await im.groups.setGroupMemberRoleLevel({
            groupID,
            userID: member.userID,
            roleLevel,
          });
          useGroupStore.getState().upsertMember(updated);
          Toast.show({ icon: 'success', content: t('common.operationSuccess') });
        } catch (error) {
          showActionError(error, 'changing the role failed');
        }
      },
    });
  };

  const transfer = (member: GroupMemberInfo) =>
    void Dialog.confirm({
      content: t('groupManage.transferConfirm', { name: memberName(member) }),
      confirmText: t('groupManage.transferAction'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await im.groups.transferGroupOwner({ groupID, newOwnerUserID: member.userID });
          Toast.show({ icon: 'success', content: t('groupManage.transferDone') });
          onTransferred?.();
        } catch (error) {
          showActionError(error, 'transferring the group failed');
        }
      },
    });

  return {
    setAdmin: (member: GroupMemberInfo) => setRole(member, RoleLevel.Admin),
    unsetAdmin: (member: GroupMemberInfo) => setRole(member, RoleLevel.Member),
    transfer,
  };
}
