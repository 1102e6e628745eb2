import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { mayRevokeGroupMessage, RoleLevel } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { useGroup } from '../../hooks/use-group';
import { useOpenMemberCard } from '../../hooks/use-open-member-card';
import type { AtSource } from './at-picker';
import { useGroupSendBlock } from './use-group-send-block';

/**
 * What a group chat adds to a chat (empty groupID: nothing): the header title "name (count)", the
 * @ picker's members, a member's card from their avatar (as lookMemberInfo allows), and why the group
 * does not let the user send (left, disbanded, banned, muted, all muted), and whose messages the user
 * may recall.
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

  // The owner and admins may recall others' messages; until the members are known, only one's own.
  const mayRevoke = useCallback(
    (message: MessageItem) => {
      if (!groupID || !members) return message.sendID === selfID;
      const sender = members.find((m) => m.userID === message.sendID);
      return mayRevokeGroupMessage(
        { userID: selfID, roleLevel: role },
        { userID: message.sendID, roleLevel: sender?.roleLevel },
      );
    },
    [groupID, members, selfID, role],
  );

  const title =
    groupID && info
      ? t('group.titleWithCount', { name: info.groupName || fallbackName, count: info.memberCount })
      : undefined;
  return {
    title,
    atSource,
    openCard,
    mayRevoke,
    block: sendBlock.block,
    onSendFailed: sendBlock.onSendFailed,
  };
}
