import type { Generated } from 'kysely';

/** The contacts tables (migration 0003). Times are milliseconds since the epoch. */

/** One side of a friendship: the owner's row for the friend, with the owner's remark. */
export interface FriendsTable {
  ownerUserId: string;
  friendUserId: string;
  remark: Generated<string>;
  createTime: number;
}

/** The latest application from one user to another; handleResult 0 pending, 1 approved, -1 rejected. */
export interface FriendApplicationsTable {
  fromUserId: string;
  toUserId: string;
  reqMsg: Generated<string>;
  handleResult: Generated<number>;
  handleMsg: Generated<string>;
  handlerUserId: Generated<string>;
  createTime: number;
  handleTime: Generated<number>;
}

/** The owner blocks the user: their messages and applications to the owner are refused. */
export interface BlacksTable {
  ownerUserId: string;
  blockUserId: string;
  createTime: number;
}

export interface ContactTables {
  friends: FriendsTable;
  friendApplications: FriendApplicationsTable;
  blacks: BlacksTable;
}
