import { GroupStatus, RoleLevel } from './content-types.ts';
import { ErrCode } from './error-codes.ts';

/**
 * Why a user cannot send in a group, decided once for the server's send policy and the web's composer
 * (docs/api.md "Sends", docs/product.md#composer). Plain values only: the web bundle imports it, and no
 * zod module may be reached from here (docs/decisions.md "A web bundle without zod").
 */
export type GroupSendBlock = 'leftGroup' | 'groupDismissed' | 'groupBanned' | 'muted' | 'allMuted';

export interface GroupSendState {
  /** false once the user quit or was removed (or was never in it); undefined while unknown. */
  isMember: boolean | undefined;
  group: { status: number } | undefined;
  /** The user's own membership (role, mute end); undefined while unknown. */
  self: { roleLevel: number; muteEndTime: number } | undefined;
  now: number;
}

/**
 * The rule, in the server's order: not a member (or no such group), dismissed, banned, muted
 * individually until a time still to come (admins too), then the group muted (status 3) for anyone
 * but the owner and admins. What is not known yet blocks nothing.
 */
export function groupSendBlock({ isMember, group, self, now }: GroupSendState): GroupSendBlock | null {
  if (isMember === false) return 'leftGroup';
  if (!group) return null;
  if (group.status === GroupStatus.Dismissed) return 'groupDismissed';
  if (group.status === GroupStatus.Banned) return 'groupBanned';
  if (self && self.muteEndTime > now) return 'muted';
  if (group.status === GroupStatus.Muted && self && self.roleLevel < RoleLevel.Admin) return 'allMuted';
  return null;
}

/** The code a refused group send answers for each reason (docs/api.md codes 1004, 1401-1404). */
export const groupSendBlockCode = {
  leftGroup: ErrCode.NOT_FOUND,
  groupDismissed: ErrCode.GROUP_DISMISSED,
  groupBanned: ErrCode.GROUP_BANNED,
  muted: ErrCode.GROUP_MEMBER_MUTED,
  allMuted: ErrCode.GROUP_MUTED,
} as const satisfies Record<GroupSendBlock, number>;

/** A refused group send's code as its reason; other codes block nothing. */
export function groupSendBlockForCode(errCode: number): GroupSendBlock | null {
  const entry = Object.entries(groupSendBlockCode).find(([, code]) => code === errCode);
  return entry ? (entry[0] as GroupSendBlock) : null;
}
