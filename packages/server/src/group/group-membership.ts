import { ContentType, ErrCode, GroupVerification, JoinSource, RoleLevel } from '@im/protocol';
import type { groupUsersSchema, InviteUserToGroupResp } from '@im/protocol';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Tables } from '../storage/tables.ts';
import { AppError } from '../http/app-error.ts';
import { findUsersByIDs } from '../user/user-queries.ts';
import { findApplication, putApplication } from './application-queries.ts';
import { requireFriends } from './friend-check.ts';
import { isManager, requireAbove, requireMember, requireRole, requireWritable } from './group-auth.ts';
import type { GroupAccess } from './group-auth.ts';
import { toApplication } from './group-mapping.ts';
import type { GroupDeps } from './group-notices.ts';
import { addMembers } from './member-join.ts';
import { removeMembers } from './member-leave.ts';
import { managerIDs, membersAmong } from './member-queries.ts';

/**
 * Invitations, kicks and quits. Who may:
 * - invite: any member, their friends only; with verification 1 an ordinary member's invitation is an
 *   application per invitee for the owner or an admin to approve, otherwise the invitees join at once;
 * - kick: the owner (anyone) and admins (ordinary members), never themselves;
 * - quit: any member but the owner, who transfers the group first.
 */
export class GroupMembership {
  readonly #deps: GroupDeps;

  constructor(deps: GroupDeps) {
    this.#deps = deps;
  }

  async invite(userID: string, req: z.output<typeof groupUsersSchema>): Promise<InviteUserToGroupResp> {
    const { db } = this.#deps;
    const access = await requireMember(db, req.groupID, userID);
    requireWritable(access.group);
    const ids = [...new Set(req.userIDList)];
    const already = await membersAmong(db, req.groupID, ids);
    if (already.length > 0)
      throw new AppError(ErrCode.ALREADY_IN_GROUP, {
        detail: `already members: ${already.map((m) => m.userId).join(', ')}`,
      });
    await requireFriends(db, userID, ids);
    const users = await findUsersByIDs(db, ids);
    const needsApproval =
      access.group.needVerification === GroupVerification.AllNeed && !isManager(access.member);
    if (!needsApproval) {
      await addMembers(
        this.#deps,
        access.group,
        users.map((user) => ({ user, joinSource: JoinSource.Invitation, inviterUserID: userID })),
        {
          contentType: ContentType.MemberInvited,
          opUser: access.member,
          handlerUserID: userID,
          guard: {
            userID,
            check: (fresh) => {
              requireWritable(fresh.group);
              // Demoted meanwhile in a group where members' invitations wait for approval.
              if (fresh.group.needVerification === GroupVerification.AllNeed && !isManager(fresh.member))
                throw new AppError(ErrCode.NO_PERMISSION, { detail: 'your invitation needs approval now' });
            },
          },
        },
      );
      return { joinedUserIDs: ids, applications: [] };
    }
    const now = Date.now();
    const managers = await managerIDs(db, req.groupID);
    const applications = [];
    for (const id of ids) {
      await putApplication(db, {
        groupId: req.groupID,
        userId: id,
        reqMsg: req.reason,
        joinSource: JoinSource.Invitation,
        inviterUserId: userID,
        createTime: now,
      });
      const row = await findApplication(db, req.groupID, id);
      if (!row) continue;
      const application = toApplication(row);
      applications.push(application);
      this.#deps.push.notice([id, ...managers], 'groupApplicationAdded', application);
    }
    return { joinedUserIDs: [], applications };
  }

  async kick(userID: string, req: z.output<typeof groupUsersSchema>): Promise<void> {
    const { db } = this.#deps;
    const access = await requireMember(db, req.groupID, userID);
    requireWritable(access.group);
    requireRole(access, RoleLevel.Admin);
    const ids = [...new Set(req.userIDList)];
    if (ids.includes(userID))
      throw new AppError(ErrCode.ARGS, { detail: 'userIDList: to leave the group, quit it' });
    const targets = await membersAmong(db, req.groupID, ids);
    if (targets.length !== ids.length) {
      const found = new Set(targets.map((t) => t.userId));
      throw new AppError(ErrCode.NOT_GROUP_MEMBER, {
        detail: `not members: ${ids.filter((id) => !found.has(id)).join(', ')}`,
      });
    }
    for (const target of targets) requireAbove(access.member, target);
    // A kick racing the kicker's demotion: decided on the roles as they are when it commits.
    const guard = {
      userID,
      check: async (fresh: GroupAccess, trx: Transaction<Tables>) => {
        requireWritable(fresh.group);
        requireRole(fresh, RoleLevel.Admin);
        for (const target of await membersAmong(trx, req.groupID, ids)) requireAbove(fresh.member, target);
      },
    };
    await removeMembers(this.#deps, access.group, access.member, targets, ContentType.MemberKicked, guard);
  }

  async quit(userID: string, groupID: string): Promise<void> {
    const access = await requireMember(this.#deps.db, groupID, userID);
    requireWritable(access.group);
    if (access.member.roleLevel === RoleLevel.Owner) throw new AppError(ErrCode.GROUP_OWNER_CANNOT_QUIT);
    // The owner quitting while a transfer to them commits would leave the group without an owner.
    const guard = {
      userID,
      check: (fresh: GroupAccess) => {
        requireWritable(fresh.group);
        if (fresh.member.roleLevel === RoleLevel.Owner) throw new AppError(ErrCode.GROUP_OWNER_CANNOT_QUIT);
      },
    };
    await removeMembers(
      this.#deps,
      access.group,
      access.member,
      [access.member],
      ContentType.MemberQuit,
      guard,
    );
  }
}
