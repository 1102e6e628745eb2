import { RoleLevel } from '@im/protocol';
import type { GroupInfo, GroupMemberInfo } from '@im/protocol';
import type { TranslationKey } from '../i18n/keys';

/**
 * Group roles (docs/product.md#roles-and-permissions; numbers of docs/product.md#numbers: 100 owner,
 * 60 admin, 20 member) and what each may do, as the server's group-auth decides it (docs/api.md
 * "Authorisation"): the owner and admins edit the group, mute and kick; on another member only from a
 * higher role; owner and admins disband; the owner alone transfers and sets or removes admins.
 */
export const isOwner = (role: number | undefined) => role === RoleLevel.Owner;

export const isOwnerOrAdmin = (role: number | undefined) =>
  role === RoleLevel.Owner || role === RoleLevel.Admin;

/** `actor` may mute or kick a member of `target` role: owner or admin, and higher than them. */
export function outranks(actor: number | undefined, target: number): boolean {
  return isOwnerOrAdmin(actor) && (actor ?? 0) > target;
}

/** The name a member shows in the group: the group nickname when set (the server's nickname), else the ID. */
export function memberName(member: Pick<GroupMemberInfo, 'userID' | 'nickname' | 'groupNickname'>): string {
  return member.groupNickname || member.nickname || member.userID;
}

export function isMemberMuted(member: Pick<GroupMemberInfo, 'muteEndTime'>, now: number): boolean {
  return member.muteEndTime > now;
}

/** The role tag of a member row ('' for ordinary members). */
export function roleLabelKey(role: number): TranslationKey | null {
  if (role === RoleLevel.Owner) return 'group.owner';
  if (role === RoleLevel.Admin) return 'group.admin';
  return null;
}

/** Members in the server's order: owner, admins, then by join time (ties by user ID). */
export function sortMembers<T extends Pick<GroupMemberInfo, 'roleLevel' | 'joinTime' | 'userID'>>(
  members: readonly T[],
): T[] {
  return [...members].sort(
    (a, b) => b.roleLevel - a.roleLevel || a.joinTime - b.joinTime || a.userID.localeCompare(b.userID),
  );
}

export type MemberAction = 'profile' | 'mute' | 'unmute' | 'kick' | 'setAdmin' | 'unsetAdmin';

/**
 * What the current user may do to `member` from the member list
 * (docs/product.md#roles-and-permissions). 'profile' follows the group's lookMemberInfo (1: only the
 * owner and admins open other members' cards).
 */
export function memberActions(
  group: Pick<GroupInfo, 'lookMemberInfo'>,
  self: { userID: string; roleLevel: number | undefined },
  member: Pick<GroupMemberInfo, 'userID' | 'roleLevel' | 'muteEndTime'>,
  now: number,
): MemberAction[] {
  const actions: MemberAction[] = [];
  if (canViewMember(group, self.roleLevel)) actions.push('profile');
  if (member.userID === self.userID) return actions;
  if (outranks(self.roleLevel, member.roleLevel)) {
    actions.push(isMemberMuted(member, now) ? 'unmute' : 'mute');
    actions.push('kick');
  }
  if (isOwner(self.roleLevel) && member.roleLevel !== RoleLevel.Owner)
    actions.push(member.roleLevel === RoleLevel.Admin ? 'unsetAdmin' : 'setAdmin');
  return actions;
}

/** lookMemberInfo 1 forbids ordinary members to open other members' cards. */
export function canViewMember(
  group: Pick<GroupInfo, 'lookMemberInfo'> | undefined,
  role: number | undefined,
) {
  return !group || group.lookMemberInfo !== 1 || isOwnerOrAdmin(role);
}

/** applyMemberFriend 1 forbids ordinary members to add other members as friends from the group. */
export function canAddMemberFriend(
  group: Pick<GroupInfo, 'applyMemberFriend'> | undefined,
  role: number | undefined,
) {
  return !group || group.applyMemberFriend !== 1 || isOwnerOrAdmin(role);
}

/** Members whose name in the group or ID contains the keyword, case insensitive (all when empty). */
export function filterMembers<T extends Pick<GroupMemberInfo, 'userID' | 'nickname' | 'groupNickname'>>(
  members: readonly T[],
  keyword: string,
): T[] {
  const key = keyword.trim().toLowerCase();
  if (!key) return [...members];
  return members.filter((m) =>
    [memberName(m), m.nickname, m.userID].some((text) => text.toLowerCase().includes(key)),
  );
}
