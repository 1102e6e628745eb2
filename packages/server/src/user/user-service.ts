import { ErrCode } from '@im/protocol';
import type {
  PublicUserInfo,
  SearchUsersResp,
  UserInfo,
  updateUserSchema,
  searchUsersSchema,
} from '@im/protocol';
import type { z } from 'zod';
import { remarksOf } from '../friend/friend-queries.ts';
import { AppError } from '../http/app-error.ts';
import type { AppContext } from '../app-context.ts';
import type { FileService } from '../file/file-service.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import type { Database } from '../storage/database.ts';
import type { Push } from '../push/push.ts';
import type { UserCache } from './user-cache.ts';
import { isUniqueViolation } from '../storage/unique-violation.ts';
import {
  findUserByID,
  findUsersByIDs,
  searchUsers,
  toPublicUserInfo,
  toUserInfo,
  usernameTaken,
} from './user-queries.ts';

/** Profiles (docs/product.md#user; the /user/* calls of docs/product.md#server-calls). */
export class UserService {
  readonly #db: Database;
  readonly #push: Push;
  readonly #users: UserCache;
  readonly #limiter: RateLimiter;
  readonly #searchesPerMinute: number;

  readonly #files: Pick<FileService, 'issued'>;

  constructor(
    deps: Pick<AppContext, 'db' | 'push' | 'userCache' | 'limiter' | 'config'>,
    files: Pick<FileService, 'issued'>,
  ) {
    this.#files = files;
    this.#db = deps.db;
    this.#push = deps.push;
    this.#users = deps.userCache;
    this.#limiter = deps.limiter;
    this.#searchesPerMinute = deps.config.USER_SEARCHES_PER_MINUTE;
  }

  /** Own profile only; the user's devices hear `selfInfoUpdated` (Notice push). */
  async update(req: z.output<typeof updateUserSchema>, callerID: string): Promise<UserInfo> {
    if (req.userID !== callerID) throw new AppError(ErrCode.NO_PERMISSION);
    if (req.faceURL && !(await this.#files.issued(req.faceURL)))
      throw new AppError(ErrCode.ARGS, { detail: 'faceURL: not an image uploaded to this server' });
    const { userID, faceURL, ...rest } = req;
    const set = { ...rest, ...(faceURL !== undefined ? { faceUrl: faceURL } : {}) };
    if (req.userName !== undefined && (await usernameTaken(this.#db, req.userName, userID)))
      throw new AppError(ErrCode.USERNAME_TAKEN);
    if (Object.keys(set).length > 0)
      await this.#db
        .updateTable('users')
        .set(set)
        .where('userId', '=', userID)
        .execute()
        // Two users racing for one username: the unique index refuses the second (docs/api.md#usernames).
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError(ErrCode.USERNAME_TAKEN);
          throw error;
        });
    this.#users.forget(userID);
    const row = await findUserByID(this.#db, userID);
    if (!row) throw new AppError(ErrCode.NOT_FOUND);
    const info = toUserInfo(row);
    this.#push.notice([userID], 'selfInfoUpdated', info);
    return info;
  }

  /** Full info; `remark` is the viewer's remark for those who are the viewer's friends. */
  async findFull(userIDs: string[], viewerID: string): Promise<UserInfo[]> {
    const [rows, remarks] = await Promise.all([
      findUsersByIDs(this.#db, userIDs),
      remarksOf(this.#db, viewerID, userIDs),
    ]);
    return rows.map((row) => {
      // remarksOf has a key for every friend of the viewer (the remark may be '').
      const info = toUserInfo(row, viewerID, remarks.has(row.userId));
      const remark = remarks.get(row.userId);
      return remark ? { ...info, remark } : info;
    });
  }

  async findPublic(userIDs: string[]): Promise<PublicUserInfo[]> {
    return (await findUsersByIDs(this.#db, userIDs)).map(toPublicUserInfo);
  }

  async search(
    req: z.output<typeof searchUsersSchema>,
    viewerID: string,
  ): Promise<SearchUsersResp<UserInfo>> {
    // Each search tells whether an ID, phone number or e-mail has an account: counted per user, so
    // harvesting them is slow (docs/operations.md#sockets-and-uploads).
    await this.#limiter.hit(`user-search:${viewerID}`, this.#searchesPerMinute, 60_000);
    const { total, rows } = await searchUsers(this.#db, req.keyword, req.pagination);
    const friends = await remarksOf(
      this.#db,
      viewerID,
      rows.map((r) => r.userId),
    );
    return { total, users: rows.map((row) => toUserInfo(row, viewerID, friends.has(row.userId))) };
  }
}
