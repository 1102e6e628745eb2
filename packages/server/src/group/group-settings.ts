import { ContentType, ErrCode, GroupStatus, RoleLevel } from '@im/protocol';
import type { GroupInfo, setGroupInfoSchema, transferGroupSchema } from '@im/protocol';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { requireMember, requireRole, requireWritable } from './group-auth.ts';
import type { GroupAccess } from './group-auth.ts';
import { noticeUser, toGroupInfo, toMemberInfo } from './group-mapping.ts';
import type { GroupDeps } from './group-notices.ts';
import { requireIssuedFace, storeGroupChange } from './group-notices.ts';
import { updateGroup } from './group-queries.ts';
import type { GroupChanges, GroupRow } from './group-queries.ts';
import { findMember, memberIDs, updateMember } from './member-queries.ts';

type SetGroupInfo = z.output<typeof setGroupInfoSchema>;

/** The request's fields and their columns; the name and the announcement have notices of their own. */
const FIELDS = [
  ['groupName', 'groupName'],
  ['faceURL', 'faceUrl'],
  ['notification', 'notification'],
  ['introduction', 'introduction'],
  ['needVerification', 'needVerification'],
  ['lookMemberInfo', 'lookMemberInfo'],
  ['applyMemberFriend', 'applyMemberFriend'],
] as const;

/**
 * The group's own settings. Owner and admins: name, face, announcement, introduction, verification,
 * the two member flags, mute all, dismiss. Owner only: transfer the ownership. Each change that
 * changes something is a notice: 1520 name, 1519 announcement, 1502 anything else (with `changed`),
 * 1514/1515 mute all, 1507 transfer, 1511 dismiss; members hear groupInfoChanged.
 */
export class GroupSettings {
  readonly #deps: GroupDeps;

  constructor(deps: GroupDeps) {
    this.#deps = deps;
  }

  async setInfo(userID: string, req: SetGroupInfo): Promise<GroupInfo> {
    const access = await this.#manager(req.groupID, userID, RoleLevel.Admin);
    await requireIssuedFace(this.#deps, req.faceURL);
    const group = access.group;
    const changes: Record<string, unknown> = {};
    const changed: string[] = [];
    for (const [field, column] of FIELDS) {
      const value = req[field];
      if (value !== undefined && value !== group[column]) {
        changes[column] = value;
        changed.push(field);
      }
    }
    if (changed.includes('notification')) {
      changes.notificationUserId = userID;
      changes.notificationUpdateTime = Date.now();
    }
    const kinds: { contentType: number; changed?: string[] }[] = [];
    if (changed.includes('groupName')) kinds.push({ contentType: ContentType.GroupNameUpdated });
    if (changed.includes('notification')) kinds.push({ contentType: ContentType.GroupAnnouncementUpdated });
    const others = changed.filter((f) => f !== 'groupName' && f !== 'notification');
    if (others.length > 0) kinds.push({ contentType: ContentType.GroupInfoUpdated, changed: others });
    return this.#record(access, changes as GroupChanges, kinds);
  }

  /** Mute all (status 3: only the owner and admins speak) or lift it (status 0). */
  async setMuted(userID: string, groupID: string, isMute: boolean): Promise<GroupInfo> {
    const access = await this.#manager(groupID, userID, RoleLevel.Admin);
    const status = isMute ? GroupStatus.Muted : GroupStatus.Normal;
    if (access.group.status === status) return this.#record(access, {}, []);
    const contentType = isMute ? ContentType.GroupMuted : ContentType.GroupCancelMuted;
    return this.#record(access, { status }, [{ contentType }]);
  }

  /**
   * Owner and admins dismiss (docs/product.md#roles-and-permissions). Dismissed groups are read-only
   * for good: members keep reading, nobody changes or sends anything.
   */
  async dismiss(userID: string, groupID: string): Promise<void> {
    const access = await this.#manager(groupID, userID, RoleLevel.Admin);
    const info = await this.#record(
      access,
      { status: GroupStatus.Dismissed },
      [{ contentType: ContentType.GroupDismissed }],
      RoleLevel.Admin,
    );
    this.#deps.push.notice(await memberIDs(this.#deps.db, groupID), 'joinedGroupDeleted', info);
  }

  /** The owner hands the group to a member and becomes an ordinary member. */
  async transfer(userID: string, req: z.output<typeof transferGroupSchema>): Promise<void> {
    const { db } = this.#deps;
    const access = await this.#manager(req.groupID, userID, RoleLevel.Owner);
    if (req.newOwnerUserID === userID)
      throw new AppError(ErrCode.ARGS, { detail: 'newOwnerUserID: you already own the group' });
    const heir = await findMember(db, req.groupID, req.newOwnerUserID);
    if (!heir) throw new AppError(ErrCode.NOT_GROUP_MEMBER);
    const group: GroupRow = { ...access.group, ownerUserId: heir.userId };
    const ids = await memberIDs(db, req.groupID);
    await storeGroupChange(this.#deps, {
      group,
      memberCount: ids.length,
      contentType: ContentType.GroupOwnerTransferred,
      opUserID: userID,
      fields: { opUser: noticeUser(access.member), newGroupOwner: noticeUser(heir) },
      userIDs: ids,
      // Two transfers racing: the second finds its caller no longer the owner and answers 1002.
      guard: { userID, check: (fresh) => this.#check(fresh, RoleLevel.Owner) },
      apply: async (trx) => {
        await updateMember(trx, req.groupID, userID, { roleLevel: RoleLevel.Member });
        // The owner cannot be muted: a mute the heir had ends with the transfer.
        if (
          !(await updateMember(trx, req.groupID, heir.userId, { roleLevel: RoleLevel.Owner, muteEndTime: 0 }))
        )
          throw new AppError(ErrCode.NOT_GROUP_MEMBER);
        await updateGroup(trx, req.groupID, { ownerUserId: heir.userId });
      },
    });
    this.#deps.push.notice(ids, 'groupInfoChanged', { ...toGroupInfo(group, ids.length) });
    for (const id of [userID, heir.userId]) {
      const member = await findMember(db, req.groupID, id);
      if (member) this.#deps.push.notice(ids, 'groupMemberInfoChanged', toMemberInfo(member));
    }
  }

  async #manager(groupID: string, userID: string, role: number): Promise<GroupAccess> {
    const access = await requireMember(this.#deps.db, groupID, userID);
    this.#check(access, role);
    return access;
  }

  #check(access: GroupAccess, role: number): void {
    requireWritable(access.group);
    requireRole(access, role);
  }

  /**
   * Applies the changes in the first notice's transaction and stores the others after it, then tells
   * the members. No notice: nothing changed, and the group is answered as it is.
   */
  async #record(
    access: GroupAccess,
    changes: GroupChanges,
    kinds: { contentType: number; changed?: string[] }[],
    role: number = RoleLevel.Admin,
  ): Promise<GroupInfo> {
    const ids = await memberIDs(this.#deps.db, access.group.groupId);
    const group = { ...access.group, ...changes } as GroupRow;
    if (kinds.length === 0) return toGroupInfo(access.group, ids.length);
    for (const [i, kind] of kinds.entries()) {
      await storeGroupChange(this.#deps, {
        group,
        memberCount: ids.length,
        contentType: kind.contentType,
        opUserID: access.member.userId,
        fields: { opUser: noticeUser(access.member), ...(kind.changed ? { changed: kind.changed } : {}) },
        userIDs: ids,
        apply: i === 0 ? (trx) => updateGroup(trx, group.groupId, changes) : undefined,
        guard:
          i === 0 ? { userID: access.member.userId, check: (fresh) => this.#check(fresh, role) } : undefined,
      });
    }
    const info = toGroupInfo(group, ids.length);
    this.#deps.push.notice(ids, 'groupInfoChanged', info);
    return info;
  }
}
