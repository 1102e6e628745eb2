import { ContentType, ErrCode, RoleLevel } from '@im/protocol';
import type {
  changeGroupMemberMuteSchema,
  GroupMemberInfo,
  setGroupMemberNicknameSchema,
  setGroupMemberRoleSchema,
} from '@im/protocol';
import type { Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import type { GroupMembersTable } from '../storage/groups-schema.ts';
import type { Tables } from '../storage/tables.ts';
import { requireAbove, requireMember, requireRole, requireWritable } from './group-auth.ts';
import type { GroupAccess } from './group-auth.ts';
import { noticeUser, toMemberInfo } from './group-mapping.ts';
import type { GroupDeps } from './group-notices.ts';
import { storeGroupChange } from './group-notices.ts';
import type { GroupNotificationDetail } from '@im/protocol';
import { findMember, memberIDs, updateMember } from './member-queries.ts';
import type { MemberRow } from './member-queries.ts';

/** A re-check of the caller's rights in the change's transaction (GroupChange.guard). */
type Guard = (fresh: GroupAccess, trx: Transaction<Tables>) => void | Promise<void>;

/**
 * One member's settings. Owner only: make a member admin (1517) or ordinary again (1518). Owner and
 * admins, on lower roles: mute for some seconds (1512; 0 unmutes, 1513). Every member: their own group
 * nickname; owner and admins: a lower member's too (1516). Members hear groupMemberInfoChanged.
 */
export class MemberSettings {
  readonly #deps: GroupDeps;

  constructor(deps: GroupDeps) {
    this.#deps = deps;
  }

  async setRole(userID: string, req: z.output<typeof setGroupMemberRoleSchema>): Promise<GroupMemberInfo> {
    const access = await requireMember(this.#deps.db, req.groupID, userID);
    requireWritable(access.group);
    requireRole(access, RoleLevel.Owner);
    const target = await this.#target(req.groupID, req.userID);
    if (target.roleLevel === RoleLevel.Owner)
      throw new AppError(ErrCode.NO_PERMISSION, { detail: "the owner's role changes only by a transfer" });
    if (target.roleLevel === req.roleLevel) return toMemberInfo(target);
    const contentType =
      req.roleLevel === RoleLevel.Admin
        ? ContentType.GroupMemberSetToAdmin
        : ContentType.GroupMemberSetToOrdinary;
    return this.#change(
      access,
      target,
      { roleLevel: req.roleLevel },
      contentType,
      { changedUser: noticeUser(target) },
      (fresh) => {
        requireWritable(fresh.group);
        requireRole(fresh, RoleLevel.Owner);
      },
    );
  }

  async setMute(userID: string, req: z.output<typeof changeGroupMemberMuteSchema>): Promise<GroupMemberInfo> {
    const access = await requireMember(this.#deps.db, req.groupID, userID);
    requireWritable(access.group);
    requireRole(access, RoleLevel.Admin);
    const target = await this.#target(req.groupID, req.userID);
    requireAbove(access.member, target);
    const guard = this.#manages(req.userID);
    const now = Date.now();
    if (req.mutedSeconds === 0) {
      if (target.muteEndTime <= now) return toMemberInfo({ ...target, muteEndTime: 0 });
      return this.#change(
        access,
        target,
        { muteEndTime: 0 },
        ContentType.GroupMemberCancelMuted,
        { mutedUser: noticeUser(target) },
        guard,
      );
    }
    const muteEndTime = now + req.mutedSeconds * 1000;
    return this.#change(
      access,
      target,
      { muteEndTime },
      ContentType.GroupMemberMuted,
      { mutedUser: noticeUser(target), mutedSeconds: req.mutedSeconds, muteTime: muteEndTime },
      guard,
    );
  }

  async setNickname(
    userID: string,
    req: z.output<typeof setGroupMemberNicknameSchema>,
  ): Promise<GroupMemberInfo> {
    const access = await requireMember(this.#deps.db, req.groupID, userID);
    requireWritable(access.group);
    const target = req.userID === userID ? access.member : await this.#target(req.groupID, req.userID);
    if (target !== access.member) {
      requireRole(access, RoleLevel.Admin);
      requireAbove(access.member, target);
    }
    if (target.groupNickname === req.groupNickname) return toMemberInfo(target);
    return this.#change(
      access,
      target,
      { groupNickname: req.groupNickname },
      ContentType.GroupMemberInfoSet,
      {
        changedUser: noticeUser({ ...target, groupNickname: req.groupNickname }),
      },
      target === access.member ? (fresh) => requireWritable(fresh.group) : this.#manages(req.userID),
    );
  }

  /** The check again in the change's transaction: the caller still manages the target's role. */
  #manages(targetID: string): Guard {
    return async (fresh, trx) => {
      requireWritable(fresh.group);
      requireRole(fresh, RoleLevel.Admin);
      const target = await findMember(trx, fresh.group.groupId, targetID);
      if (!target) throw new AppError(ErrCode.NOT_GROUP_MEMBER);
      requireAbove(fresh.member, target);
    };
  }

  async #target(groupID: string, userID: string): Promise<MemberRow> {
    const target = await findMember(this.#deps.db, groupID, userID);
    if (!target) throw new AppError(ErrCode.NOT_GROUP_MEMBER);
    return target;
  }

  /** Stores the notice with the member's change in its transaction; answers and announces the member. */
  async #change(
    access: GroupAccess,
    target: MemberRow,
    set: Updateable<GroupMembersTable>,
    contentType: number,
    fields: Omit<GroupNotificationDetail, 'group' | 'operationTime' | 'opUser'>,
    check: Guard,
  ): Promise<GroupMemberInfo> {
    const { groupId } = access.group;
    const ids = await memberIDs(this.#deps.db, groupId);
    await storeGroupChange(this.#deps, {
      group: access.group,
      memberCount: ids.length,
      contentType,
      opUserID: access.member.userId,
      fields: { opUser: noticeUser(access.member), ...fields },
      userIDs: ids,
      guard: { userID: access.member.userId, check },
      apply: async (trx) => {
        // The member left meanwhile: nothing of this call happens.
        if (!(await updateMember(trx, groupId, target.userId, set)))
          throw new AppError(ErrCode.NOT_GROUP_MEMBER);
      },
    });
    const info = toMemberInfo({ ...target, ...set } as MemberRow);
    this.#deps.push.notice(ids, 'groupMemberInfoChanged', info);
    return info;
  }
}
