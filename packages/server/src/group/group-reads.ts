import { GroupStatus } from '@im/protocol';
import type {
  GroupInfo,
  GroupMemberInfo,
  GroupMemberListResp,
  groupMemberListSchema,
  JoinedGroupListResp,
  joinedGroupListSchema,
  PublicGroupCard,
} from '@im/protocol';
import type { z } from 'zod';
import type { Database } from '../storage/database.ts';
import { requireMember } from './group-auth.ts';
import { toGroupInfo, toMemberInfo, toPublicCard } from './group-mapping.ts';
import { findGroup, groupsOfMember, joinedGroupPage, memberCounts } from './group-queries.ts';
import type { GroupRow } from './group-queries.ts';
import { memberPage, membersAmong } from './member-queries.ts';

async function withCounts(db: Database, rows: GroupRow[]): Promise<GroupInfo[]> {
  const counts = await memberCounts(
    db,
    rows.map((r) => r.groupId),
  );
  return rows.map((row) => toGroupInfo(row, counts.get(row.groupId) ?? 0));
}

/**
 * What members read of their groups. A group the caller is not in reads exactly like one that does
 * not exist: left out of lists, 1004 where one group is named. The only exception is searchGroup's
 * public card, which anyone may see by the exact group ID in order to apply.
 */
export class GroupReads {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The caller's groups among the ids, whatever their status (a dismissed group stays readable). */
  async groupsInfo(userID: string, groupIDs: string[]): Promise<GroupInfo[]> {
    return withCounts(this.#db, await groupsOfMember(this.#db, userID, groupIDs));
  }

  async joinedGroups(
    userID: string,
    req: z.output<typeof joinedGroupListSchema>,
  ): Promise<JoinedGroupListResp> {
    const { rows, total } = await joinedGroupPage(this.#db, userID, req.offset, req.count);
    return { groups: await withCounts(this.#db, rows), total };
  }

  async memberList(
    userID: string,
    req: z.output<typeof groupMemberListSchema>,
  ): Promise<GroupMemberListResp> {
    await requireMember(this.#db, req.groupID, userID);
    const { rows, total } = await memberPage(this.#db, req.groupID, req.offset, req.count);
    return { members: rows.map(toMemberInfo), total };
  }

  async membersInfo(userID: string, groupID: string, userIDs: string[]): Promise<GroupMemberInfo[]> {
    await requireMember(this.#db, groupID, userID);
    return (await membersAmong(this.#db, groupID, userIDs)).map(toMemberInfo);
  }

  /** The public card of the group with exactly this ID, when it exists and can be joined. */
  async search(keyword: string): Promise<PublicGroupCard[]> {
    const group = await findGroup(this.#db, keyword);
    if (!group || (group.status !== GroupStatus.Normal && group.status !== GroupStatus.Muted)) return [];
    const counts = await memberCounts(this.#db, [group.groupId]);
    return [toPublicCard(group, counts.get(group.groupId) ?? 0)];
  }
}
