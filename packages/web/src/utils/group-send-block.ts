import { ErrCode, GroupStatus } from '@im/protocol';
import type { GroupInfo, GroupMemberInfo } from '@im/protocol';
import { isOwnerOrAdmin } from './group-roles';

/**
 * Why a group chat cannot send (docs/product.md#composer): left the group, all muted, group
 * disbanded, group banned, you have been muted; from the group and member state or from a refused
 * send's code.
 */
export type GroupSendBlock = 'leftGroup' | 'groupDismissed' | 'groupBanned' | 'muted' | 'allMuted';

export interface GroupSendState {
  /** false once the user quit or was removed (or was never in it); undefined while unknown. */
  isMember: boolean | undefined;
  group: Pick<GroupInfo, 'status'> | undefined;
  /** The user's own membership (role, mute end); undefined while the members load. */
  self: Pick<GroupMemberInfo, 'roleLevel' | 'muteEndTime'> | undefined;
  now: number;
}

/** The server's order (docs/api.md "Sends"): member, dismissed, banned, muted, all muted. */
export function groupSendBlockForState({
  isMember,
  group,
  self,
  now,
}: GroupSendState): GroupSendBlock | null {
  if (isMember === false) return 'leftGroup';
  if (!group) return null;
  if (group.status === GroupStatus.Dismissed) return 'groupDismissed';
  if (group.status === GroupStatus.Banned) return 'groupBanned';
  if (self && self.muteEndTime > now) return 'muted';
  if (group.status === GroupStatus.Muted && self && !isOwnerOrAdmin(self.roleLevel)) return 'allMuted';
  return null;
}

/** A refused group send (docs/api.md codes 1004, 1401-1404) as a reason; other codes block nothing. */
export function groupSendBlockForCode(errCode: number): GroupSendBlock | null {
  switch (errCode) {
    case ErrCode.NOT_FOUND:
      return 'leftGroup';
    case ErrCode.GROUP_MUTED:
      return 'allMuted';
    case ErrCode.GROUP_MEMBER_MUTED:
      return 'muted';
    case ErrCode.GROUP_DISMISSED:
      return 'groupDismissed';
    case ErrCode.GROUP_BANNED:
      return 'groupBanned';
    default:
      return null;
  }
}
