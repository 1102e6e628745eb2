import {
  ContentType,
  ErrCode,
  GroupStatus,
  GroupVerification,
  HandleResult,
  JoinSource,
  RoleLevel,
} from '@im/protocol';
import type {
  applicationListSchema,
  GroupApplication,
  GroupApplicationsResp,
  joinGroupSchema,
  JoinGroupResp,
  respondGroupApplicationSchema,
} from '@im/protocol';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { findUserByID } from '../user/user-queries.ts';
import { applicationPage, findApplication, handlePending, putApplication } from './application-queries.ts';
import { groupNotFound, requireMember, requireRole, requireWritable } from './group-auth.ts';
import { toApplication } from './group-mapping.ts';
import type { GroupDeps } from './group-notices.ts';
import { findGroup } from './group-queries.ts';
import { addMembers, announceHandled } from './member-join.ts';
import { findMember, managerIDs } from './member-queries.ts';

/**
 * Joining by search or QR code, and the applications the owner and admins handle. The group's
 * verification decides: 2 anyone joins at once; 0 and 1 an application waits for the owner or an
 * admin (0 differs from 1 only for invitations, see GroupMembership). One application per user and
 * group: applying again replaces the earlier one, whatever its state.
 */
export class GroupApplications {
  readonly #deps: GroupDeps;

  constructor(deps: GroupDeps) {
    this.#deps = deps;
  }

  async join(userID: string, req: z.output<typeof joinGroupSchema>): Promise<JoinGroupResp> {
    const { db } = this.#deps;
    const group = await findGroup(db, req.groupID);
    // Only a group whose card searchGroup shows can be joined; any other reads as missing.
    if (!group || (group.status !== GroupStatus.Normal && group.status !== GroupStatus.Muted))
      throw groupNotFound();
    if (await findMember(db, req.groupID, userID)) throw new AppError(ErrCode.ALREADY_IN_GROUP);
    const user = await findUserByID(db, userID);
    if (!user) throw new AppError(ErrCode.NOT_FOUND, { detail: 'user not found' });
    if (group.needVerification === GroupVerification.Direct) {
      await addMembers(this.#deps, group, [{ user, joinSource: req.joinSource, inviterUserID: '' }], {
        contentType: ContentType.MemberEnter,
        opUser: user,
        handlerUserID: userID,
      });
      return { joined: true, application: null };
    }
    await putApplication(db, {
      groupId: req.groupID,
      userId: userID,
      reqMsg: req.reqMsg,
      joinSource: req.joinSource,
      createTime: Date.now(),
    });
    const application = await this.#read(req.groupID, userID);
    this.#deps.push.notice(
      [userID, ...(await managerIDs(db, req.groupID))],
      'groupApplicationAdded',
      application,
    );
    return { joined: false, application };
  }

  /** The owner or an admin accepts (the applicant joins) or refuses a pending application. */
  async respond(
    userID: string,
    req: z.output<typeof respondGroupApplicationSchema>,
  ): Promise<GroupApplication> {
    const { db } = this.#deps;
    const access = await requireMember(db, req.groupID, userID);
    requireWritable(access.group);
    requireRole(access, RoleLevel.Admin);
    const pending = await findApplication(db, req.groupID, req.fromUserID);
    if (!pending || pending.handleResult !== HandleResult.Pending)
      throw new AppError(ErrCode.GROUP_APPLICATION_NOT_FOUND);
    const answer = { handleMsg: req.handleMsg, handleUserId: userID, handleTime: Date.now() };
    const applicant = await findUserByID(db, req.fromUserID);
    const joined = await findMember(db, req.groupID, req.fromUserID);
    if (req.handleResult === HandleResult.Rejected || joined || !applicant) {
      const handled = await handlePending(db, req.groupID, [req.fromUserID], {
        ...answer,
        handleResult: req.handleResult,
      });
      if (handled === 0) throw new AppError(ErrCode.GROUP_APPLICATION_NOT_FOUND);
      const event =
        req.handleResult === HandleResult.Approved ? 'groupApplicationAccepted' : 'groupApplicationRejected';
      await announceHandled(this.#deps, access.group, [req.fromUserID], event);
      return this.#read(req.groupID, req.fromUserID);
    }
    const invited = pending.joinSource === JoinSource.Invitation;
    // An accepted invitation reads "inviter invited applicant"; an application "applicant joined".
    const inviter = invited ? await findMember(db, req.groupID, pending.inviterUserId) : undefined;
    await addMembers(
      this.#deps,
      access.group,
      [{ user: applicant, joinSource: pending.joinSource, inviterUserID: pending.inviterUserId }],
      {
        contentType: invited ? ContentType.MemberInvited : ContentType.MemberEnter,
        opUser: inviter ?? access.member,
        handlerUserID: userID,
        handleMsg: req.handleMsg,
        guard: {
          userID,
          check: (fresh) => {
            requireWritable(fresh.group);
            requireRole(fresh, RoleLevel.Admin);
          },
        },
      },
    );
    return this.#read(req.groupID, req.fromUserID);
  }

  async list(
    userID: string,
    side: 'applicant' | 'recipient',
    req: z.output<typeof applicationListSchema>,
  ): Promise<GroupApplicationsResp> {
    const { rows, total } = await applicationPage(this.#deps.db, userID, side, req.offset, req.count);
    return { applications: rows.map(toApplication), total };
  }

  async #read(groupID: string, userID: string): Promise<GroupApplication> {
    const row = await findApplication(this.#deps.db, groupID, userID);
    if (!row) throw new AppError(ErrCode.GROUP_APPLICATION_NOT_FOUND);
    return toApplication(row);
  }
}
