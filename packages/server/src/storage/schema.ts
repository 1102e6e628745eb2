/**
 * The tables as Kysely sees them (camelCase here, snake_case in SQL through CamelCasePlugin).
 * Flags are integers 0/1 and times are milliseconds since the epoch, the same on SQLite and PostgreSQL.
 */
export interface UsersTable {
  userId: string;
  nickname: string;
  faceUrl: string;
  gender: number;
  birth: number;
  areaCode: string | null;
  phoneNumber: string | null;
  email: string | null;
  userName: string;
  passwordHash: string;
  globalRecvMsgOpt: number;
  allowAddFriend: number;
  createTime: number;
}

/** One login: both tokens of a login carry its id; status 0 active, 1 kicked, 2 revoked. */
export interface SessionsTable {
  tokenId: string;
  userId: string;
  platform: number;
  status: number;
  createTime: number;
  expireTime: number;
}

/** The latest code per account and purpose. */
export interface VerifyCodesTable {
  account: string;
  usedFor: number;
  /** HMAC-SHA256 of the code under the server's secret (src/account/code-service.ts). */
  codeHash: string;
  createTime: number;
  expireTime: number;
  attempts: number;
  used: number;
}

export interface InvitationCodesTable {
  code: string;
  usedBy: string | null;
  usedTime: number;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  verifyCodes: VerifyCodesTable;
  invitationCodes: InvitationCodesTable;
}
