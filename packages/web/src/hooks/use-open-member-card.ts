import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import type { GroupInfo } from '@im/protocol';
import { paths } from '../router/paths';
import { canViewMember } from '../utils/group-roles';

/**
 * Opens a member's card from a group, as the group allows (docs/product.md#roles-and-permissions):
 * with lookMemberInfo 1 an ordinary member gets a toast and no card; one's own card always opens.
 */
export function useOpenMemberCard(
  group: Pick<GroupInfo, 'groupID' | 'lookMemberInfo'> | undefined,
  selfID: string,
  selfRole: number | undefined,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (userID: string) => {
      if (!group) return;
      if (userID !== selfID && !canViewMember(group, selfRole)) {
        Toast.show({ content: t('group.lookMemberInfoDenied') });
        return;
      }
      void navigate(paths.userCard({ userID, groupID: group.groupID }));
    },
    [group, selfID, selfRole, navigate, t],
  );
}
