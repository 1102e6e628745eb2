import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { PublicUserInfo, UserInfo } from '@im/protocol';
import type { AccountRef } from '../account/account-key.ts';
import { isPhone } from '../account/account-key.ts';
import { runCompiledAmong } from '../storage/compiled-query.ts';
import type { Database } from '../storage/database.ts';
import type { UsersTable } from '../storage/schema.ts';
import { normalizeAreaCode } from '@im/protocol';

export type UserRow = Selectable<UsersTable>;

export function findUserByAccount(db: Database, account: AccountRef): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll();
  query = isPhone(account)
    ? query
        .where('areaCode', '=', normalizeAreaCode(account.areaCode))
        .where('phoneNumber', '=', account.phoneNumber)
    : query.where('email', '=', account.email ?? '');
  return query.executeTakeFirst();
}

export function findUserByID(db: Database, userID: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('userId', '=', userID).executeTakeFirst();
}

/**
 * The users of the ids (each once). Plain SQL compiled once per number of ids: every list page asks
 * for its peers' names (docs/decisions.md#hot-reads-in-plain-sql).
 */
export async function findUsersByIDs(db: Database, userIDs: string[]): Promise<UserRow[]> {
  if (userIDs.length === 0) return [];
  const ids = [...new Set(userIDs)];
  const { rows } = await runCompiledAmong(
    db,
    'users-by-ids',
    ids,
    sql<UserRow>`SELECT * FROM users WHERE user_id IN (${sql.join(ids)})`,
    [],
  );
  return rows;
}

/**
 * The users matching a search keyword exactly on ID, phone number or e-mail: each branch is an index
 * lookup (the primary key, users_phone_number, users_email), never a scan of the users.
 */
export function searchMatches(db: Database, keyword: string) {
  return db
    .selectFrom('users')
    .where((eb) =>
      eb.or([
        eb('userId', '=', keyword),
        eb('phoneNumber', '=', keyword),
        eb('email', '=', keyword.toLowerCase()),
      ]),
    );
}

/** Exact matches on ID, phone number or e-mail (docs/product.md#audience-and-features), 20 a page. */
export async function searchUsers(
  db: Database,
  keyword: string,
  page: { pageNumber: number; showNumber: number },
): Promise<{ total: number; rows: UserRow[] }> {
  const base = searchMatches(db, keyword);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .selectAll()
    .orderBy('createTime')
    .limit(page.showNumber)
    .offset((page.pageNumber - 1) * page.showNumber)
    .execute();
  return { total: Number(total), rows };
}

/** YYYY-MM-DD; '' when unset or not a date (a row stored before birth was validated). */
function birthday(birth: number): string {
  const date = new Date(birth);
  return birth && Number.isFinite(date.getTime()) ? date.toISOString().slice(0, 10) : '';
}

/**
 * Full info; another user's phone and e-mail are not shown, and their birth date only to their
 * friends (`friend`): a stranger sees 0 and ''.
 */
export function toUserInfo(row: UserRow, viewerID?: string, friend = false): UserInfo {
  const self = viewerID === undefined || viewerID === row.userId;
  const birth = self || friend ? Number(row.birth) : 0;
  return {
    userID: row.userId,
    nickname: row.nickname,
    faceURL: row.faceUrl,
    gender: row.gender,
    birth: birthday(birth) ? birth : 0,
    birthday: birthday(birth),
    areaCode: self ? (row.areaCode ?? '') : '',
    phoneNumber: self ? (row.phoneNumber ?? '') : '',
    email: self ? (row.email ?? '') : '',
    userName: row.userName,
    globalRecvMsgOpt: row.globalRecvMsgOpt,
    allowAddFriend: row.allowAddFriend,
    createTime: row.createTime,
  };
}

export function toPublicUserInfo(row: UserRow): PublicUserInfo {
  return { userID: row.userId, nickname: row.nickname, faceURL: row.faceUrl, gender: row.gender };
}

/**
 * Whether another user holds the username, case-insensitively (the index users_user_name_unique of
 * migration 0012 is on lower(user_name); docs/api.md#usernames).
 */
export async function usernameTaken(db: Database, userName: string, exceptUserID: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('userId')
    .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
    .where('userId', '<>', exceptUserID)
    .executeTakeFirst();
  return row !== undefined;
}
