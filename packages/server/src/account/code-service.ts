import { randomInt } from 'node:crypto';
import { ErrCode, VERIFY_CODE_MAX_ATTEMPTS, VERIFY_CODE_TTL_MS } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';

/**
 * Verification codes: 6 digits, valid 10 minutes, single use, at most 5 wrong attempts (then 20008).
 * One live code per account and purpose: a new one replaces the old. SUPER_CODE, when configured,
 * is always accepted (demos and tests).
 */
export class CodeService {
  readonly #db: Database;
  readonly #superCode: string | undefined;

  constructor(db: Database, superCode: string | undefined) {
    this.#db = db;
    this.#superCode = superCode;
  }

  /** A new code for the account, replacing any earlier one; the caller delivers it. */
  async create(account: string, usedFor: number, now = Date.now()): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = { code, createTime: now, expireTime: now + VERIFY_CODE_TTL_MS, attempts: 0, used: 0 };
    await this.#db
      .insertInto('verifyCodes')
      .values({ account, usedFor, ...row })
      .onConflict((oc) => oc.columns(['account', 'usedFor']).doUpdateSet(row))
      .execute();
    return code;
  }

  /** When the last code for the account was created, or 0. */
  async lastSent(account: string, usedFor: number): Promise<number> {
    const row = await this.#db
      .selectFrom('verifyCodes')
      .select('createTime')
      .where('account', '=', account)
      .where('usedFor', '=', usedFor)
      .executeTakeFirst();
    return row?.createTime ?? 0;
  }

  /**
   * Checks a code: 20006 wrong, 20007 expired, 20008 too many wrong attempts, 20009 already used.
   * `consume` marks it used (register, login, reset); code/verify only checks.
   */
  async check(
    account: string,
    usedFor: number,
    code: string,
    consume: boolean,
    now = Date.now(),
  ): Promise<void> {
    if (this.#superCode && code === this.#superCode) return;
    const row = await this.#db
      .selectFrom('verifyCodes')
      .selectAll()
      .where('account', '=', account)
      .where('usedFor', '=', usedFor)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrCode.CODE_INCORRECT);
    if (row.used) throw new AppError(ErrCode.CODE_USED);
    if (row.attempts >= VERIFY_CODE_MAX_ATTEMPTS) throw new AppError(ErrCode.CODE_ATTEMPTS_EXCEEDED);
    if (now > row.expireTime) throw new AppError(ErrCode.CODE_EXPIRED);
    const where = { account, usedFor };
    if (row.code !== code) {
      const attempts = row.attempts + 1;
      await this.#update(where, { attempts });
      throw new AppError(
        attempts >= VERIFY_CODE_MAX_ATTEMPTS ? ErrCode.CODE_ATTEMPTS_EXCEEDED : ErrCode.CODE_INCORRECT,
      );
    }
    if (consume) await this.#update(where, { used: 1 });
  }

  async #update(where: { account: string; usedFor: number }, set: { attempts?: number; used?: number }) {
    await this.#db
      .updateTable('verifyCodes')
      .set(set)
      .where('account', '=', where.account)
      .where('usedFor', '=', where.usedFor)
      .execute();
  }
}
