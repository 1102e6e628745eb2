import { ErrCode } from '@im/protocol';
import type { BlackInfo, BlackListResp, blackListSchema } from '@im/protocol';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { findUserByID } from '../user/user-queries.ts';
import type { ContactDeps } from './application-service.ts';
import { blackInfo, blackPage, deleteBlack, insertBlack } from './black-queries.ts';

/**
 * The blacklist (OpenIM semantics): blocking keeps the friendship but refuses the blocked user's
 * messages and applications (checkSendPolicy, ApplicationService). Only the owner's devices hear of
 * it; the blocked user is not told. Adding and removing are idempotent, so a retried tap is no error.
 */
export class BlackService {
  readonly #deps: ContactDeps;

  constructor(deps: ContactDeps) {
    this.#deps = deps;
  }

  async add(userID: string, blackUserID: string): Promise<BlackInfo> {
    const { db, push } = this.#deps;
    if (blackUserID === userID)
      throw new AppError(ErrCode.ARGS, { detail: 'blackUserID: you cannot block yourself' });
    if (!(await findUserByID(db, blackUserID)))
      throw new AppError(ErrCode.NOT_FOUND, { detail: `user ${blackUserID} not found` });
    const fresh = await insertBlack(db, userID, blackUserID, Date.now());
    this.#deps.sendFacts.forget(userID, blackUserID);
    const info = await blackInfo(db, userID, blackUserID);
    if (!info) throw new AppError(ErrCode.NOT_FOUND, { detail: `user ${blackUserID} not found` });
    if (fresh) push.notice([userID], 'blackAdded', info);
    return info;
  }

  async remove(userID: string, blackUserID: string): Promise<void> {
    const { db, push } = this.#deps;
    const info = await blackInfo(db, userID, blackUserID);
    const deleted = info !== undefined && (await deleteBlack(db, userID, blackUserID));
    this.#deps.sendFacts.forget(userID, blackUserID);
    if (deleted) push.notice([userID], 'blackDeleted', info);
  }

  list(userID: string, req: z.output<typeof blackListSchema>): Promise<BlackListResp> {
    return blackPage(this.#deps.db, userID, req.offset, req.count);
  }
}
