import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleLevel } from '@im/protocol';
import { useGroup } from '../../hooks/use-group';
import { useOpenMemberCard } from '../../hooks/use-open-member-card';
import type { AtSource } from './at-picker';
import { useGroupSendBlock } from './use-group-send-block';

/**
 * What a group chat adds to a chat (empty groupID: nothing): the header title "name (count)", the
 * @ picker's members, a member's card from their avatar (as lookMemberInfo allows), and why the group
 * does not let the user send (left, disbanded, banned, muted, all muted).
 */
export function useGroupChat(groupID: string, fallbackName: string) {
  const { t } = useTranslation();
  const view = useGroup(groupID);
  const { info, members, self, selfID } = view;
  const role = info?.ownerUserID === selfID ? RoleLevel.Owner : self?.roleLevel;
  const openCard = useOpenMemberCard(info, selfID, role);
  const sendBlock = useGroupSendBlock(groupID, view);
  const atSource = useMemo<AtSource | undefined>(
    () => (groupID && members ? { members, self: { userID: selfID, roleLevel: role } } : undefined),
    [groupID, members, selfID, role],
  );

  const title =
    groupID && info
      ? t('group.titleWithCount', { name: info.groupName || fallbackName, count: info.memberCount })
      : undefined;
  return { title, atSource, openCard, block: sendBlock.block, onSendFailed: sendBlock.onSendFailed };
}
