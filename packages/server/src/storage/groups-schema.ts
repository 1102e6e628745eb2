import type { Generated } from 'kysely';

/** The group tables (migration 0004). Times are milliseconds since the epoch. */

/** status: 0 normal, 1 banned, 2 dismissed, 3 muted (only the owner and admins speak). */
export interface GroupsTable {
  groupId: string;
  groupName: string;
  faceUrl: Generated<string>;
  /** The announcement. */
  notification: Generated<string>;
  notificationUserId: Generated<string>;
  notificationUpdateTime: Generated<number>;
  introduction: Generated<string>;
  ownerUserId: string;
  creatorUserId: string;
  status: Generated<number>;
  groupType: Generated<number>;
  needVerification: Generated<number>;
  lookMemberInfo: Generated<number>;
  applyMemberFriend: Generated<number>;
  createTime: number;
  ex: Generated<string>;
  /** Bumped by every change of the group's member rows, in its transaction (migration 0017). */
  memberVersion: Generated<number>;
}

/** A current member; roleLevel 100 owner, 60 admin, 20 member. A member who leaves is deleted. */
export interface GroupMembersTable {
  groupId: string;
  userId: string;
  groupNickname: Generated<string>;
  roleLevel: number;
  joinTime: number;
  joinSource: number;
  inviterUserId: Generated<string>;
  operatorUserId: Generated<string>;
  /** Muted until then (ms); 0 or past: not muted. */
  muteEndTime: Generated<number>;
}

/** The latest request of a user to join a group (an invitation awaiting approval is one too). */
export interface GroupApplicationsTable {
  groupId: string;
  userId: string;
  reqMsg: Generated<string>;
  joinSource: number;
  inviterUserId: Generated<string>;
  handleResult: Generated<number>;
  handleMsg: Generated<string>;
  handleUserId: Generated<string>;
  createTime: number;
  handleTime: Generated<number>;
}

export interface GroupTables {
  groups: GroupsTable;
  groupMembers: GroupMembersTable;
  groupApplications: GroupApplicationsTable;
}
