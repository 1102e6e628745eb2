import { useState } from 'react';
import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { GroupInfo, GroupMemberInfo } from '@im/protocol';
import type { MenuItem } from '../../components/action-menu';
import type { TranslationKey } from '../../i18n/keys';
import { im } from '../../sdk/im';
import { useGroupStore } from '../../stores/group-store';
import { memberActions, memberName } from '../../utils/group-roles';
import type { MemberAction } from '../../utils/group-roles';
import { showActionError } from '../../utils/failure-toast';
import { useMemberRoleActions } from '../../hooks/use-member-role-actions';
import { MUTE_DURATIONS } from './mute-durations';

const labels: Record<MemberAction, TranslationKey> = {
  profile: 'groupMembers.viewProfile',
  mute: 'groupMembers.mute',
  unmute: 'groupMembers.unmute',
  kick: 'groupMembers.kick',
  setAdmin: 'groupMembers.setAdmin',
  unsetAdmin: 'groupMembers.unsetAdmin',
};

/**
 * The member list's per-member actions, as the user's role allows
 * (docs/product.md#roles-and-permissions): the actions menu of a member, the mute length menu, and
 * the calls (kick and role changes after a confirmation).
 */
export function useMemberActions(
  group: GroupInfo,
  self: { userID: string; roleLevel: number | undefined },
  openCard: (userID: string) => void,
) {
  const { t } = useTranslation();
  const roles = useMemberRoleActions(group.groupID);
  const [target, setTarget] = useState<{ member: GroupMemberInfo; actions: MemberAction[] } | null>(null);
  const [muting, setMuting] = useState<GroupMemberInfo | null>(null);

  const run = async (call: () => Promise<GroupMemberInfo | void>, done: string) => {
    try {
      const updated = await call();
      if (updated) useGroupStore.getState().upsertMember(updated);
      Toast.show({ icon: 'success', content: done });
    } catch (error) {
      showActionError(error, 'member action failed');
    }
  };

  /** A tap on a member: the actions menu when the user may do more than open the card. */
  const open = (member: GroupMemberInfo) => {
    const actions = memberActions(group, self, member, Date.now());
    if (actions.some((a) => a !== 'profile')) setTarget({ member, actions });
    else openCard(member.userID);
  };

  const pick = (action: MemberAction) => {
    const member = target?.member;
    if (!member) return;
    const { groupID } = group;
    const name = memberName(member);
    if (action === 'profile') openCard(member.userID);
    else if (action === 'mute') setMuting(member);
    else if (action === 'unmute')
      void run(
        () => im.groups.changeGroupMemberMute({ groupID, userID: member.userID, mutedSeconds: 0 }),
        t('groupMembers.unmutedToast'),
      );
    else if (action === 'kick')
      void Dialog.confirm({
        content: t('groupMembers.kickConfirm', { name }),
        confirmText: t('groupMembers.remove'),
        cancelText: t('common.cancel'),
        onConfirm: () =>
          run(async () => {
            await im.groups.kickGroupMember({ groupID, userIDList: [member.userID] });
            useGroupStore.getState().removeMember(groupID, member.userID);
          }, t('groupMembers.kickedToast')),
      });
    else if (action === 'setAdmin') roles.setAdmin(member);
    else roles.unsetAdmin(member);
  };

  const mute = (seconds: string) => {
    const member = muting;
    if (!member) return;
    void run(
      () =>
        im.groups.changeGroupMemberMute({
          groupID: group.groupID,
          userID: member.userID,
          mutedSeconds: Number(seconds),
        }),
      t('groupMembers.mutedToast'),
    );
  };

  const menu: MenuItem<MemberAction>[] | null = target
    ? target.actions.map((key) => ({
        key,
        label: t(labels[key]),
        danger: key === 'kick',
      }))
    : null;
  const muteMenu: MenuItem<string>[] | null = muting
    ? MUTE_DURATIONS.map((d) => ({ key: String(d.seconds), label: t(d.key) }))
    : null;

  return {
    open,
    menu: {
      title: t('groupMembers.actions', { name: target ? memberName(target.member) : '' }),
      items: menu,
      pick,
      close: () => setTarget(null),
    },
    muteMenu: {
      title: t('groupMembers.muteFor', { name: muting ? memberName(muting) : '' }),
      items: muteMenu,
      pick: mute,
      close: () => setMuting(null),
    },
  };
}
