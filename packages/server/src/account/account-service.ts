import { randomInt } from 'node:crypto';
import { ErrCode, normalizeAreaCode, UsedFor } from '@im/protocol';
import type {
  ChangePasswordReq,
  LoginResp,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sendCodeSchema,
  verifyCodeSchema,
} from '@im/protocol';
import type { z } from 'zod';
import type { HashGate } from '../auth/hash-gate.ts';
import type { TokenService } from '../auth/token-service.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import type { UsersTable } from '../storage/schema.ts';
import { isUniqueViolation } from '../storage/unique-violation.ts';
import { findUserByAccount } from '../user/user-queries.ts';
import type { AccountRef } from './account-key.ts';
import { accountKey, isPhone } from './account-key.ts';
import type { CodeDelivery } from './code-delivery.ts';
import type { CodeService } from './code-service.ts';
import type { InvitationService } from './invitation-service.ts';
import type { AccountLimits } from './account-limits.ts';

export interface AccountDeps {
  db: Database;
  tokens: TokenService;
  codes: CodeService;
  delivery: CodeDelivery;
  invitations: InvitationService;
  limits: AccountLimits;
  /** Every scrypt goes through it (src/auth/hash-gate.ts). */
  hashGate: HashGate;
  scryptN: number;
  registrationOpen: boolean;
}

/** The "already registered" code of the account's kind: 20003 phone, 20004 e-mail. */
function registeredError(account: AccountRef): AppError {
  return new AppError(isPhone(account) ? ErrCode.PHONE_REGISTERED : ErrCode.ACCOUNT_REGISTERED);
}

/**
 * Accounts on the chat service (docs/product.md#validation, docs/product.md#error-texts,
 * docs/decisions.md#protocol-conventions): codes, register, login, passwords.
 */
export class AccountService {
  readonly #d: AccountDeps;

  constructor(deps: AccountDeps) {
    this.#d = deps;
  }

  async sendCode(req: z.output<typeof sendCodeSchema>, ip: string): Promise<void> {
    const key = accountKey(req);
    await this.#d.limits.accountCall('code', ip, key);
    const user = await findUserByAccount(this.#d.db, req);
    if (req.usedFor === UsedFor.REGISTER) {
      this.#registrationAllowed();
      if (user) throw registeredError(req);
      await this.#d.invitations.check(req.invitationCode);
    } else if (!user) {
      throw new AppError(ErrCode.ACCOUNT_NOT_FOUND);
    }
    this.#d.limits.codeResend(await this.#d.codes.lastSent(key, req.usedFor));
    const code = await this.#d.codes.create(key, req.usedFor);
    await this.#d.delivery.deliver(req, code, req.usedFor);
  }

  #registrationAllowed(): void {
    if (!this.#d.registrationOpen)
      throw new AppError(ErrCode.RESTRICTED, { detail: 'registration is closed' });
  }

  async verifyCode(req: z.output<typeof verifyCodeSchema>): Promise<void> {
    await this.#d.codes.check(accountKey(req), req.usedFor, req.verifyCode, 'verify');
  }

  /**
   * A new account. The code is checked first (a wrong one counts against its attempts), the password
   * hashed outside any transaction, then one transaction uses the code up, takes the invitation and
   * inserts the user: concurrent registrations with one code or one invitation make one account.
   */
  async register(req: z.output<typeof registerSchema>, ip: string): Promise<LoginResp> {
    const { user } = req;
    const key = accountKey(user);
    await this.#d.limits.accountCall('register', ip, key);
    this.#registrationAllowed();
    if (await findUserByAccount(this.#d.db, user)) throw registeredError(user);
    await this.#d.invitations.check(req.invitationCode);
    await this.#d.codes.check(key, UsedFor.REGISTER, req.verifyCode, 'verify');
    const passwordHash = await this.#hash(user.password);
    const fields = {
      nickname: user.nickname,
      faceUrl: user.faceURL ?? '',
      gender: user.gender ?? 0,
      birth: user.birth ?? 0,
      areaCode: isPhone(user) ? normalizeAreaCode(user.areaCode) : null,
      phoneNumber: isPhone(user) ? user.phoneNumber : null,
      email: isPhone(user) ? null : (user.email ?? null),
      passwordHash,
    };
    const userID = await this.#insertUser(fields, user, async (trx, id) => {
      await this.#d.codes.check(key, UsedFor.REGISTER, req.verifyCode, 'consume', trx);
      await this.#d.invitations.claim(trx, req.invitationCode, id);
    });
    const tokens = await this.#d.tokens.issue(userID, req.platform);
    return { userID, imToken: tokens.imToken, chatToken: tokens.chatToken };
  }

  /**
   * Inserts the user under a new numeric ID (10 digits, like OpenIM's) in a transaction with `claim`
   * (the code and the invitation); the whole transaction is retried on the rare ID collision.
   */
  async #insertUser(
    fields: Omit<UsersTable, 'userId' | 'userName' | 'globalRecvMsgOpt' | 'allowAddFriend' | 'createTime'>,
    account: AccountRef,
    claim: (trx: Database, userID: string) => Promise<void>,
  ): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const userID = String(randomInt(1_000_000_000, 9_999_999_999));
      try {
        await this.#d.db.transaction().execute(async (trx) => {
          await claim(trx, userID);
          await trx
            .insertInto('users')
            .values({
              userId: userID,
              userName: '',
              globalRecvMsgOpt: 0,
              allowAddFriend: 1,
              createTime: Date.now(),
              ...fields,
            })
            .execute();
        });
        return userID;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await findUserByAccount(this.#d.db, account)) throw registeredError(account);
      }
    }
    throw new AppError(ErrCode.SERVER);
  }

  #hash(password: string): Promise<string> {
    return this.#d.hashGate.run(() => hashPassword(password, this.#d.scryptN));
  }

  #verify(password: string, stored: string): Promise<boolean> {
    return this.#d.hashGate.run(() => verifyPassword(password, stored));
  }

  async login(req: z.output<typeof loginSchema>, ip: string): Promise<LoginResp> {
    const key = accountKey(req);
    await this.#d.limits.login(ip, key);
    const user = await findUserByAccount(this.#d.db, req);
    if (!user) throw new AppError(ErrCode.ACCOUNT_NOT_FOUND);
    if (req.verifyCode) {
      await this.#d.codes.check(key, UsedFor.LOGIN, req.verifyCode, 'consume');
    } else if (!(await this.#verify(req.password ?? '', user.passwordHash))) {
      throw new AppError(ErrCode.PASSWORD_ERROR);
    }
    const tokens = await this.#d.tokens.issue(user.userId, req.platform);
    return { userID: user.userId, imToken: tokens.imToken, chatToken: tokens.chatToken };
  }

  /**
   * A forgotten password: the code proves the account; every session of the user ends. The code is
   * checked, the new password hashed, and only then is the code used up with the password's change.
   */
  async resetPassword(req: z.output<typeof resetPasswordSchema>, ip: string): Promise<void> {
    const key = accountKey(req);
    await this.#d.limits.accountCall('reset', ip, key);
    const user = await findUserByAccount(this.#d.db, req);
    if (!user) throw new AppError(ErrCode.ACCOUNT_NOT_FOUND);
    await this.#d.codes.check(key, UsedFor.RESET_PASSWORD, req.verifyCode, 'verify');
    const passwordHash = await this.#hash(req.password);
    await this.#d.db.transaction().execute(async (trx) => {
      await this.#d.codes.check(key, UsedFor.RESET_PASSWORD, req.verifyCode, 'consume', trx);
      await trx.updateTable('users').set({ passwordHash }).where('userId', '=', user.userId).execute();
    });
    await this.#d.tokens.revokeOthers(user.userId);
  }

  /** A known password changed: the caller's session stays, every other one ends. */
  async changePassword(req: ChangePasswordReq, caller: { userID: string; tokenID: string }): Promise<void> {
    if (req.userID !== caller.userID) throw new AppError(ErrCode.NO_PERMISSION);
    const user = await this.#d.db
      .selectFrom('users')
      .select('passwordHash')
      .where('userId', '=', caller.userID)
      .executeTakeFirst();
    if (!user) throw new AppError(ErrCode.ACCOUNT_NOT_FOUND);
    await this.#d.limits.login('', `user:${caller.userID}`);
    if (!(await this.#verify(req.currentPassword, user.passwordHash)))
      throw new AppError(ErrCode.PASSWORD_ERROR);
    const passwordHash = await this.#hash(req.newPassword);
    await this.#d.db.updateTable('users').set({ passwordHash }).where('userId', '=', caller.userID).execute();
    await this.#d.tokens.revokeOthers(caller.userID, caller.tokenID);
  }

  logout(tokenID: string): Promise<void> {
    return this.#d.tokens.revoke(tokenID);
  }
}
