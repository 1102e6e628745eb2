import { ErrCode, GroupStatus, RoleLevel } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Transaction } from 'kysely';
import type { Database, DialectName } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';
import { findGroup } from './group-queries.ts';
import type { GroupRow } from './group-queries.ts';
import { findMember } from './member-queries.ts';
import type { MemberRow } from './member-queries.ts';

/**
 * THE authorisation of every group call, read and send (docs/api.md "Groups"). Each check throws the
 * envelope's code; callers run them in this order: requireMember, then requireWritable for any change,
 * then requireRole / requireAbove.
 */

/** A group and the caller's membership of it. */
export interface GroupAccess {
  group: GroupRow;
  member: MemberRow;
}

/**
 * The one answer for a group the caller may not see: it does not exist, or the caller is not (or no
 * longer) a member. Identical in both cases, so that nobody learns a group exists by asking.
 */
export function groupNotFound(): AppError {
  return new AppError(ErrCode.NOT_FOUND, { detail: 'group not found' });
}

/** The group and the caller's member row; 1004 (groupNotFound) when either is missing. */
export async function requireMember(db: Database, groupID: string, userID: string): Promise<GroupAccess> {
  const [group, member] = await Promise.all([findGroup(db, groupID), findMember(db, groupID, userID)]);
  if (!group || !member) throw groupNotFound();
  return { group, member };
}

/**
 * The group and the caller's member row as they are inside a change's transaction, the group row
 * locked on PostgreSQL (`FOR UPDATE`): every group change takes this lock before it writes, so two
 * changes of one group commit one after the other, and the second sees the first's roles. SQLite has a
 * single writer, so reading inside the transaction is enough there. 1004 when either is gone.
 */
export async function lockedAccess(
  trx: Transaction<Tables>,
  dialect: DialectName,
  groupID: string,
  userID: string,
): Promise<GroupAccess> {
  const lock = trx.selectFrom('groups').select('groupId').where('groupId', '=', groupID);
  await (dialect === 'postgres' ? lock.forUpdate() : lock).execute();
  const [group, member] = [await findGroup(trx, groupID), await findMember(trx, groupID, userID)];
  if (!group || !member) throw groupNotFound();
  return { group, member };
}

/** A change to the group: refused once it is dismissed (read-only) or banned. */
export function requireWritable(group: GroupRow): void {
  if (group.status === GroupStatus.Dismissed) throw new AppError(ErrCode.GROUP_DISMISSED);
  if (group.status === GroupStatus.Banned) throw new AppError(ErrCode.GROUP_BANNED);
}

function roleName(level: number): string {
  if (level >= RoleLevel.Owner) return 'the group owner';
  return 'the group owner or admins';
}

/** The caller's role is at least `min` (RoleLevel.Owner: owner only; RoleLevel.Admin: owner or admins). */
export function requireRole(access: GroupAccess, min: number): void {
  if (access.member.roleLevel < min)
    throw new AppError(ErrCode.NO_PERMISSION, { detail: `only ${roleName(min)} may do this` });
}

/**
 * The caller acts on another member (kick, mute, nickname): only from a higher role, so an admin
 * manages ordinary members, the owner manages everyone, and nobody manages the owner.
 */
export function requireAbove(actor: MemberRow, target: MemberRow): void {
  if (actor.roleLevel <= target.roleLevel)
    throw new AppError(ErrCode.NO_PERMISSION, {
      detail: `${target.userId}: only a higher role may do this to a member`,
    });
}

/** Whether a member speaks in a muted (status 3) group: the owner and admins do. */
export function isManager(member: Pick<MemberRow, 'roleLevel'>): boolean {
  return member.roleLevel >= RoleLevel.Admin;
}
